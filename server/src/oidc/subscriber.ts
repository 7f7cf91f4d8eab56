/**
 * The provider's subscribers: a change to what an organisation's OpenID Provider is built from
 * invalidates its cached provider (in every process); a deleted application loses everything the
 * provider issued to it; a user who may no longer hold access loses their sessions, grants and tokens,
 * and the applications signed in with them are told by back-channel logout. All with the change.
 */
import type { AuditEventType } from '@gatehouse/common/audit';

import { scoped } from '../db/scoped.ts';
import type { Subscriber } from '../events/events.ts';
import { deleteOtherUserSessions, deleteUserSessions } from '../sessions/store.ts';
import { tellOrganisationChanged } from '../tenancy/notice.ts';
import { endLinkedProviderSessions, endOtherProviderSessions } from './backchannel-logout.ts';
import { revokeUserGrants } from './grants.ts';
import { bumpRevision, deleteClientArtefacts } from './store.ts';

/** What the provider is built from: the applications, the APIs and their grants, the signing keys, the settings it shows. */
const REBUILT_ON = [
  'application.created',
  'application.updated',
  'application.deleted',
  'application.secret_regenerated',
  'api.created',
  'api.updated',
  'api.deleted',
  'api.access_changed',
  'organisation.settings_changed',
  'organisation.keys_rotated',
] as const satisfies readonly AuditEventType[];

export const providerCacheSubscriber: Subscriber = {
  name: 'provider-cache',
  kinds: REBUILT_ON,
  // The revision rises with the change (every process rebuilds when it next reads the organisation);
  // this process's caches and the broadcast to the others get the organisation's notice once it has committed.
  inTransaction: (_ctx, trx, event) => bumpRevision(scoped(trx, event.organisationId)),
  afterCommit: (ctx, event) => tellOrganisationChanged(ctx, event.organisationId),
};

export const clientGrantsSubscriber: Subscriber = {
  name: 'client-grants',
  kinds: ['application.deleted'],
  async inTransaction(_ctx, trx, event) {
    if (event.subject?.kind === 'application') await deleteClientArtefacts(scoped(trx, event.organisationId), event.subject.id);
  },
};

/** Kinds after which whoever held the account's access before must sign in again (sessions, grants, tokens). */
const ENDS_ACCESS = [
  'user.locked_out',
  'user.disabled',
  'user.deactivated',
  'user.deleted',
  'user.password_changed',
  'user.password_reset',
  'recovery.completed',
  'user.signed_out_everywhere',
  'user.sign_in_disowned',
] as const satisfies readonly AuditEventType[];

/**
 * Kinds that end access only when the change says so on the event (`endsOtherAccess`): a first second
 * step (the sessions and grants made with the password alone end, the request's session stays), and a
 * Pending account's address verified by its owner at sign-up, or its invitation accepted through a sign-in
 * connection (whoever prepared the account loses it).
 */
const MAY_END_ACCESS = ['user.mfa_enrolled', 'user.email_verified', 'invitation.accepted'] as const satisfies readonly AuditEventType[];

export const accessRevocationSubscriber: Subscriber = {
  name: 'access-revocation',
  // An administrator's MFA reset ends what the applications were given with the old device, not the sessions.
  kinds: [...ENDS_ACCESS, 'user.mfa_reset', ...MAY_END_ACCESS],
  async inTransaction(ctx, trx, event) {
    if (event.subject?.kind !== 'user') return;
    const userId = event.subject.id;
    const db = scoped(trx, event.organisationId);
    if ((MAY_END_ACCESS as readonly AuditEventType[]).includes(event.type)) {
      if (!event.endsOtherAccess) return;
      const kept = event.endsOtherAccess.keptSessionId;
      if (kept === null) await deleteUserSessions(db, userId);
      else await deleteOtherUserSessions(db, userId, kept);
      await revokeUserGrants(ctx, userId, db);
      return;
    }
    // 'Send reset email' only sends a link: the password, and what was signed in with it, stay until it is used.
    if (event.type === 'user.password_reset' && event.details.resetEmailSent === true) return;
    if (event.type !== 'user.mfa_reset') await deleteUserSessions(db, userId);
    await revokeUserGrants(ctx, userId, db);
  },
};

/**
 * Ending sessions from the lists (sessions/devices.ts) ends the provider sessions of those browsers in
 * the same transaction, each application signed in to in them told by back-channel logout: one session's
 * browser, or every browser but the asking one.
 */
export const endedSessionsSubscriber: Subscriber = {
  name: 'ended-sessions',
  kinds: ['user.sessions_ended'],
  async inTransaction(ctx, trx, event) {
    if (event.subject?.kind !== 'user' || !event.endedSessions) return;
    const db = scoped(trx, event.organisationId);
    const { ids, kept } = event.endedSessions;
    if (kept) await endOtherProviderSessions(ctx, db, event.subject.id, kept);
    else await endLinkedProviderSessions(ctx, db, event.subject.id, ids);
  },
};
