/**
 * Per-organisation providers, built on first use and kept in a small LRU. An entry is reused while the
 * revision it was built from is at least the organisation row's `oidc_revision` (re-read with the
 * organisation, at most 2 s old); invalidateOrganisationProvider raises the revision for every process
 * and drops this process's entry at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import { listClients } from '../applications/store.ts';
import type { AppContext } from '../context.ts';
import type { Organisation } from '../organisations/model.ts';
import { ensureOrganisationKeys, loadPrivateJwks } from './keys.ts';
import { buildProvider } from './provider.ts';
import { onProviderInvalidated } from './revision.ts';
import { readRevision } from './store.ts';

/** Providers kept per process; the least recently used beyond this are rebuilt when next needed. */
const MAX_PROVIDERS = 500;

export interface ProviderEntry {
  provider: Provider;
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  revision: number;
}

export class ProviderRegistry {
  readonly #ctx: AppContext;
  readonly #log: FastifyBaseLogger;
  readonly #entries = new Map<string, Promise<ProviderEntry>>();

  constructor(ctx: AppContext, log: FastifyBaseLogger) {
    this.#ctx = ctx;
    this.#log = log;
    onProviderInvalidated(ctx, (organisationId) => this.forget(organisationId));
  }

  async get(org: Organisation): Promise<ProviderEntry> {
    const pending = this.#entries.get(org.id);
    if (pending) {
      const entry = await pending.catch(() => null);
      if (entry && entry.revision >= org.row.oidc_revision && this.#entries.get(org.id) === pending) {
        // Most recently used moves to the end of the map's order.
        this.#entries.delete(org.id);
        this.#entries.set(org.id, pending);
        return entry;
      }
      if (this.#entries.get(org.id) === pending) this.#entries.delete(org.id);
    }
    const building = this.#build(org);
    this.#entries.set(org.id, building);
    building.catch(() => {
      if (this.#entries.get(org.id) === building) this.#entries.delete(org.id);
    });
    while (this.#entries.size > MAX_PROVIDERS) this.#entries.delete(this.#entries.keys().next().value!);
    return building;
  }

  forget(organisationId: string): void {
    this.#entries.delete(organisationId);
  }

  async #build(org: Organisation): Promise<ProviderEntry> {
    // The revision is read first: a change made while building leaves the entry older than the row.
    const revision = await readRevision(this.#ctx.db.kysely, org.id);
    await ensureOrganisationKeys(this.#ctx, org.id);
    const [clients, jwks] = await Promise.all([listClients(this.#ctx.db.kysely, org.id), loadPrivateJwks(this.#ctx, org.id)]);
    const provider = buildProvider(this.#ctx, org, { clients, jwks }, this.#log);
    return { provider, handle: provider.callback(), revision };
  }
}
