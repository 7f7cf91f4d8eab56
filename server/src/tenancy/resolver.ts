/**
 * Host header -> organisation. The base hostname is the base organisation; `<name>.<base>` is
 * organisation `name`; anything else is unknown (404, never a default organisation).
 * Known organisations are cached briefly per process (tenancy/changes.ts says how long); unknown
 * hosts are not cached, so an organisation created by any process is served at once.
 */
import type { AppContext } from '../context.ts';
import { type Organisation, toOrganisation } from './organisation.ts';
import { findBaseOrganisation, findOrganisationByName } from './store.ts';
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The organisation name a hostname asks for: '' for the base hostname, null when it is not ours. */
export function organisationNameForHost(hostHeader: string | undefined, baseHostname: string): string | null {
  if (!hostHeader) return null;
  const match = /^([a-z0-9.-]+?)\.?(?::\d{1,5})?$/i.exec(hostHeader.trim());
  if (!match) return null;
  const hostname = match[1]!.toLowerCase();
  if (hostname === baseHostname) return '';
  const suffix = `.${baseHostname}`;
  if (!hostname.endsWith(suffix)) return null;
  const label = hostname.slice(0, -suffix.length);
  return LABEL.test(label) ? label : null;
}

export class OrganisationResolver {
  readonly #ctx: AppContext;
  readonly #cache = new Map<string, { org: Organisation; at: number }>();
  readonly #lifetime: () => number;

  /** `lifetime`: how long an organisation may be served from the cache, asked at each read. */
  constructor(ctx: AppContext, lifetime: () => number = () => ctx.config.organisationCacheMs) {
    this.#ctx = ctx;
    this.#lifetime = lifetime;
  }

  async resolve(hostHeader: string | undefined): Promise<Organisation | null> {
    const name = organisationNameForHost(hostHeader, this.#ctx.config.baseHostname);
    if (name === null) return null;
    const now = Date.now();
    const cached = this.#cache.get(name);
    // The lifetime is asked at each read: when Redis goes away, copies kept longer become stale at once.
    if (cached && now - cached.at < this.#lifetime()) return cached.org;
    const row = name === '' ? await findBaseOrganisation(this.#ctx.db.kysely) : await findOrganisationByName(this.#ctx.db.kysely, name);
    if (!row) {
      this.#cache.delete(name);
      return null;
    }
    const org = toOrganisation(this.#ctx.config, row);
    this.#cache.set(name, { org, at: now });
    return org;
  }

  /** Forgets an organisation after it changes, so this process serves the change at once. */
  invalidate(org?: Pick<Organisation, 'name' | 'isBase'>): void {
    if (org === undefined) this.#cache.clear();
    else this.#cache.delete(org.isBase ? '' : org.name);
  }

  /** Forgets the organisation with this id (another process changed it). */
  forget(organisationId: string): void {
    for (const [name, entry] of this.#cache) if (entry.org.id === organisationId) this.#cache.delete(name);
  }
}
