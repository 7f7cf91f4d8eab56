/**
 * The invitation mail as a subscriber: `invitation.sent` (emitted in the transaction that creates the
 * user, or by a resend) issues the invitation link and queues the email in that same transaction, so an
 * invitation is mailed if and only if it was recorded. The inviter it names is the event's actor: an
 * admin by their name (or address), an application (SCIM, a management token) by its name.
 */
import { findUserById } from '../accounts/store.ts';
import { findClient } from '../applications/store.ts';
import { scoped, type ScopedExecutor } from '../db/scoped.ts';
import type { Subscriber } from '../events/events.ts';
import type { Actor } from '../scope/scope.ts';
import { toOrganisation } from '../tenancy/organisation.ts';
import { findOrganisationById } from '../tenancy/store.ts';
import { queueInvitationEmail } from '../tokens/emails.ts';

async function inviterName(db: ScopedExecutor, actor: Actor, fallback: string): Promise<string> {
  if (actor.id === null) return fallback;
  if (actor.kind === 'application') return (await findClient(db, actor.id))?.name ?? fallback;
  if (actor.kind !== 'user') return fallback;
  const user = await findUserById(db, actor.id);
  return user ? [user.first_name, user.surname].filter(Boolean).join(' ') || user.email : fallback;
}

export const invitationMailSubscriber: Subscriber = {
  name: 'invitation-mail',
  kinds: ['invitation.sent'],
  async inTransaction(ctx, trx, event) {
    if (event.subject?.kind !== 'user') return;
    const row = await findOrganisationById(trx, event.organisationId);
    const user = await findUserById(scoped(trx, event.organisationId), event.subject.id);
    if (!row || !user) throw new Error('invitation.sent names no user of the organisation');
    const org = toOrganisation(ctx.config, row);
    await queueInvitationEmail(ctx, trx, org, user, await inviterName(scoped(trx, org.id), event.actor, org.displayName));
  },
};
