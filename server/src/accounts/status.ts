/**
 * The one place a user's status changes (Pending, SignedUp, LockedOut, Disabled, Inactive) and the one
 * place a user's access ends: every status but SignedUp and Pending emits an event whose subscriber
 * (oidc/subscriber.ts) ends the sessions and grants with it.
 */
import type { AuditEventType } from '@gatehouse/common/audit';
import type { UserStatus } from '@gatehouse/common/policy';
import { sql, type Transaction } from 'kysely';

import type { AppContext } from '../context.ts';
import type { Database, UserRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import type { Scope } from '../scope/scope.ts';
import { deleteUser, updateUserStatus, type UserChanges } from './store.ts';

/** What the audit log calls a move to `status` from one of `from` (a sign-up's move from Pending is audited by sign-up). */
/** The kinds a status change emits; none carries details. */
type StatusEvent = Extract<AuditEventType, 'user.locked_out' | 'user.disabled' | 'user.deactivated' | 'user.unlocked' | 'user.enabled'>;

function statusEvent(status: UserStatus, from: readonly UserStatus[] | undefined): StatusEvent | null {
  if (status === 'LockedOut') return 'user.locked_out';
  if (status === 'Disabled') return 'user.disabled';
  if (status === 'Inactive') return 'user.deactivated';
  if (from?.length === 1 && from[0] === 'LockedOut') return 'user.unlocked';
  if (from?.some((s) => s === 'Disabled' || s === 'Inactive')) return 'user.enabled';
  return null;
}

/**
 * Moves a user to `status`, only from one of `from` when given (so concurrent changes cannot undo each
 * other), with the changes that go with it: counters reset on (re)activation, the inactivity clock
 * started on Inactive, the reactivation grace period started when an Inactive user is enabled.
 * Returns the user after the change, or null when the user was not in a `from` status.
 */
export async function setUserStatus(
  ctx: AppContext,
  scope: Scope,
  userId: string,
  status: UserStatus,
  options: { from?: readonly UserStatus[]; changes?: UserChanges; trx?: Transaction<Database> } = {},
): Promise<UserRow | null> {
  const now = ctx.clock.now();
  const lifecycle: UserChanges =
    status === 'Inactive'
      ? { inactive_since: now }
      : status === 'SignedUp' || status === 'Pending'
        ? {
            failed_auth_count: 0,
            cooldown_until: null,
            inactive_since: null,
            inactivity_warned_at: null,
            // Enabling an Inactive user starts the reactivation grace period.
            reactivated_at: sql<number | null>`case when status = 'Inactive' then ${now} else reactivated_at end`,
          }
        : {};
  const row = await updateUserStatus(scoped(options.trx ?? ctx.db.kysely, scope.organisation.id), userId, status, options.from, {
    ...lifecycle,
    ...options.changes,
    updated_at: now,
  });
  if (!row) return null;
  if (status === 'LockedOut') ctx.telemetry.lockouts.inc();
  const event = statusEvent(status, options.from);
  if (event) await emit(ctx, options.trx ?? ctx.db.kysely, scope, { type: event, subject: { kind: 'user', id: userId } });
  // Every status that does not keep access emits its event; the access-revocation subscriber ends that access with it.
  return row;
}

/** Deletes a user and everything that let them in. */
export async function deleteUserAccount(ctx: AppContext, scope: Scope, userId: string, email: string): Promise<void> {
  await scope.transaction(async (inner) => {
    await deleteUser(inner.db, userId);
    // The address is kept in the event: the log must still say who it was once the user is gone.
    await emit(ctx, inner.db, inner, { type: 'user.deleted', subject: { kind: 'user', id: userId }, details: { email } });
  });
}
