/**
 * Invalidation of an organisation's cached provider. The revision in the database tells every process
 * (each compares it with the revision its cached provider was built from, as organisation rows are
 * re-read); the context's `providerInvalidated` listeners let this process drop its copy at once and,
 * with Redis, tell the other processes to (tenancy/changes.ts). Changes reach it as domain events
 * (subscriber.ts); jobs that change keys or remove organisations without an event call it themselves.
 */
import type { AppContext } from '../context.ts';
import { bumpRevision } from './store.ts';

/** Registers a listener for a context's invalidations (the provider cache, the organisation-change broadcast). */
export function onProviderInvalidated(ctx: AppContext, listener: (organisationId: string) => void): void {
  ctx.providerInvalidated.add(listener);
}

/** Tells this process's listeners (after the change that raised the revision has committed). */
export function tellProviderListeners(ctx: AppContext, organisationId: string): void {
  for (const listener of ctx.providerInvalidated) listener(organisationId);
}

/**
 * Outside any change's transaction (jobs: retired keys pruned, demo organisations deleted): raises the
 * revision and tells the listeners. Every process serves the change within the organisation cache's
 * lifetime (2 s), or at once with Redis; this process at once.
 */
export async function invalidateOrganisationProvider(ctx: AppContext, organisationId: string): Promise<void> {
  await bumpRevision(ctx.db.kysely, organisationId);
  tellProviderListeners(ctx, organisationId);
}
