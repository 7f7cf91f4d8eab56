/**
 * Invalidation of an organisation's cached provider. The revision in the database tells every process
 * (each compares it with the revision its cached provider was built from, as organisation rows are
 * re-read); the in-process listeners let this process drop its copy at once and, with Redis, tell the
 * other processes to (tenancy/changes.ts).
 */
import type { AppContext } from '../context.ts';
import { bumpRevision } from './store.ts';

const listeners = new WeakMap<AppContext, Set<(organisationId: string) => void>>();

/** Registers a listener for a context's invalidations (the provider cache, the organisation-change broadcast). */
export function onProviderInvalidated(ctx: AppContext, listener: (organisationId: string) => void): void {
  let set = listeners.get(ctx);
  if (!set) listeners.set(ctx, (set = new Set()));
  set.add(listener);
}

/**
 * Call after changing anything the organisation's OpenID Provider is built from: its applications, its
 * signing keys, or organisation settings the provider shows (name, sign-in policy). Every process
 * serves the change within the organisation cache's lifetime (2 s), or at once with Redis; this process at once.
 */
export async function invalidateOrganisationProvider(ctx: AppContext, organisationId: string): Promise<void> {
  await bumpRevision(ctx.db.kysely, organisationId);
  for (const listener of listeners.get(ctx) ?? []) listener(organisationId);
}
