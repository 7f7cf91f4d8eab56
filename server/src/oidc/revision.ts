/**
 * Invalidation of an organisation's cached provider. The revision in the database tells every process
 * (each compares it with the revision its cached provider was built from, as organisation rows are
 * re-read); the in-process listener lets this process drop its copy at once.
 */
import type { AppContext } from '../context.ts';
import { bumpRevision } from './store.ts';

const listeners = new WeakMap<AppContext, (organisationId: string) => void>();

/** Registers this process's provider cache for a context (oidc/registry.ts does it). */
export function onProviderInvalidated(ctx: AppContext, listener: (organisationId: string) => void): void {
  listeners.set(ctx, listener);
}

/**
 * Call after changing anything the organisation's OpenID Provider is built from: its applications, its
 * signing keys, or organisation settings the provider shows (name, sign-in policy). Every process
 * serves the change within the organisation cache's lifetime (2 s); this process at once.
 */
export async function invalidateOrganisationProvider(ctx: AppContext, organisationId: string): Promise<void> {
  await bumpRevision(ctx.db.kysely, organisationId);
  listeners.get(ctx)?.(organisationId);
}
