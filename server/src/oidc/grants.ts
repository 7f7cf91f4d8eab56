/** Ending what the provider issued, for the account lifecycle and application deletion. */
import type { AppContext } from '../context.ts';
import { scoped, type ScopedExecutor } from '../db/scoped.ts';
import { queueAccountLogouts } from './backchannel-logout.ts';
import { deleteAccountArtefacts, deleteClientArtefacts } from './store.ts';

/**
 * Ends a user's OpenID Connect grants, refresh and access tokens, codes and provider sessions in one
 * organisation, in `db` (the transaction of the change). The access-revocation subscriber calls it when a
 * user is disabled, deleted, locked or goes inactive (it does not end the user's Gatehouse sessions:
 * deleteUserSessions does). The provider's
 * account lookup also refuses any user whose status is not SignedUp, so nothing issued earlier works.
 */
export async function revokeUserGrants(ctx: AppContext, userId: string, db: ScopedExecutor): Promise<number> {
  // The provider sessions end with the rest: their applications are told by back-channel logout.
  await queueAccountLogouts(ctx, userId, db);
  return deleteAccountArtefacts(db, userId);
}

/** Ends everything issued to one application (it is being deleted). */
export async function revokeClientGrants(ctx: AppContext, organisationId: string, clientId: string): Promise<void> {
  await deleteClientArtefacts(scoped(ctx.db.kysely, organisationId), clientId);
}
