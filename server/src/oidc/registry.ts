/**
 * Per-organisation providers, built on first use and kept in an LRU of PROVIDER_CACHE_SIZE entries. An entry is reused while the
 * revision it was built from is at least the organisation row's `oidc_revision` (re-read with the
 * organisation, at most 2 s old); a change raises the revision for every process, and its notice
 * (tenancy/notice.ts) drops this process's entry at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type Provider from 'oidc-provider';

import { listAllGrants, listApiRows } from '../apis/store.ts';
import { listOidcClients } from '../applications/store.ts';
import type { AppContext } from '../context.ts';
import { scoped } from '../db/scoped.ts';
import type { Log } from '../telemetry/log.ts';
import { onOrganisationChanged } from '../tenancy/notice.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { ensureOrganisationKeys, loadPrivateJwks, type PublicJwk, publicJwk } from './keys.ts';
import { buildProvider, redirectOrigins } from './provider.ts';
import { readRevision } from './store.ts';

export interface ProviderEntry {
  provider: Provider;
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  revision: number;
  /**
   * Origins of the organisation's applications' redirect URIs: the only pages that may call the
   * client-bound endpoints from a browser, so the only origins a CORS preflight is granted to.
   */
  corsOrigins: ReadonlySet<string>;
  /**
   * The public part of the keys the provider signs with (current first), for checking its JWT access
   * tokens (apis/bearer.ts). The private parts live only in the provider (which keeps its own copy).
   */
  jwks: readonly PublicJwk[];
}

export class ProviderRegistry {
  readonly #ctx: AppContext;
  readonly #log: Log;
  readonly #ready = new Map<string, ProviderEntry>();
  /** Builds in progress, so concurrent first requests share one. */
  readonly #building = new Map<string, Promise<ProviderEntry>>();

  constructor(ctx: AppContext, log: Log) {
    this.#ctx = ctx;
    this.#log = log;
    onOrganisationChanged(ctx, (organisationId) => this.forget(organisationId));
  }

  /** The organisation's provider: the cached one while it is current, else a new one. */
  get(org: Organisation): ProviderEntry | Promise<ProviderEntry> {
    const ready = this.#ready.get(org.id);
    if (ready && ready.revision >= org.row.oidc_revision) {
      // Most recently used moves to the end of the map's order.
      this.#ready.delete(org.id);
      this.#ready.set(org.id, ready);
      return ready;
    }
    let building = this.#building.get(org.id);
    if (!building) {
      building = this.#build(org).then(
        (entry) => {
          if (this.#building.get(org.id) === building) {
            this.#building.delete(org.id);
            this.#ready.set(org.id, entry);
            // Providers kept per process (PROVIDER_CACHE_SIZE); the least recently used beyond are rebuilt when next needed.
            while (this.#ready.size > this.#ctx.config.providerCacheSize) this.#ready.delete(this.#ready.keys().next().value!);
          }
          return entry;
        },
        (error: unknown) => {
          if (this.#building.get(org.id) === building) this.#building.delete(org.id);
          throw error;
        },
      );
      this.#building.set(org.id, building);
    }
    return building;
  }

  /** How many organisations' providers this process holds built. */
  get size(): number {
    return this.#ready.size;
  }

  forget(organisationId: string): void {
    this.#ready.delete(organisationId);
    this.#building.delete(organisationId);
  }

  async #build(org: Organisation): Promise<ProviderEntry> {
    // The revision is read first: a change made while building leaves the entry older than the row.
    // The organisation's store, bound once: for these reads and for the provider's own (its accounts' claims).
    const store = scoped(this.#ctx.db.kysely, org.id);
    const revision = await readRevision(store);
    await ensureOrganisationKeys(this.#ctx, org.id);
    const [clients, jwks, apis, grants] = await Promise.all([
      listOidcClients(store),
      loadPrivateJwks(this.#ctx, org.id),
      listApiRows(store),
      listAllGrants(store),
    ]);
    const provider = buildProvider(this.#ctx, org, { clients, jwks, apis, grants, store }, this.#log);
    return { provider, handle: provider.callback(), revision, corsOrigins: redirectOrigins(clients), jwks: jwks.map(publicJwk) };
  }
}
