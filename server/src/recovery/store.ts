/** Queries on recovery requests; every one scoped by organisation, keyed by the hash of the browser's token. */

import type { Executor, RecoveryFlowRow } from '../db/schema.ts';
import type { ScopedExecutor, Unstamped } from '../db/scoped.ts';
import { countAttempt, deleteExpired, PRESENT, take } from '../db/short-lived.ts';

export async function insertRecoveryFlow(db: ScopedExecutor, row: Unstamped<RecoveryFlowRow>): Promise<void> {
  await db.insertInto('recovery_flows').values(row).execute();
}

/** A newer request replaces the user's earlier ones: only the latest code works. */
export async function deleteUserRecoveryFlows(db: ScopedExecutor, userId: string): Promise<void> {
  await db.deleteFrom('recovery_flows').where('user_id', '=', userId).execute();
}

/** The request no longer belongs to anyone: its code can never be accepted. */
export async function detachRecoveryFlow(db: ScopedExecutor, id: string): Promise<void> {
  await db.updateTable('recovery_flows').set({ user_id: null }).where('id', '=', id).execute();
}

export function findRecoveryFlow(db: ScopedExecutor, id: string): Promise<RecoveryFlowRow | undefined> {
  return db.selectFrom('recovery_flows').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Counts one code attempt, atomically, while the request is live, unverified and has attempts left; undefined otherwise. */
export function countCodeAttempt(db: ScopedExecutor, id: string, now: number, maxAttempts: number): Promise<RecoveryFlowRow | undefined> {
  return countAttempt(db, 'recovery_flows', { id, verified_at: null }, { now, maxAttempts });
}

export async function markRecoveryVerified(db: ScopedExecutor, id: string, now: number, expiresAt: number): Promise<void> {
  await db.updateTable('recovery_flows').set({ verified_at: now, expires_at: expiresAt }).where('id', '=', id).execute();
}

/** Uses a verified, live request up: of two concurrent password resets, exactly one gets it. */
export function takeVerifiedRecoveryFlow(db: ScopedExecutor, id: string, now: number): Promise<RecoveryFlowRow | undefined> {
  return take(db, 'recovery_flows', { id, verified_at: PRESENT }, now);
}

export function deleteExpiredRecoveryFlows(db: Executor, now: number): Promise<number> {
  return deleteExpired(db, 'recovery_flows', now);
}
