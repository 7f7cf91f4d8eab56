/** Queries on the password history (the enforcePasswordHistory rule); every one scoped by organisation. */

import { LIMITS } from '@gatehouse/common/policy';
import type { Executor } from '../db/schema.ts';

export async function recentPasswordHashes(db: Executor, organisationId: string, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.password_hash);
}

/** Records a password the user has set and forgets all but the newest LIMITS.passwordHistory. */
export async function recordPasswordHistory(
  db: Executor,
  row: { organisation_id: string; user_id: string; password_hash: string; created_at: number },
): Promise<void> {
  await db.insertInto('password_history').values(row).execute();
  const keep = db
    .selectFrom('password_history')
    .select('id')
    .where('organisation_id', '=', row.organisation_id)
    .where('user_id', '=', row.user_id)
    .orderBy('id', 'desc')
    .limit(LIMITS.passwordHistory);
  await db
    .deleteFrom('password_history')
    .where('organisation_id', '=', row.organisation_id)
    .where('user_id', '=', row.user_id)
    .where('id', 'not in', keep)
    .execute();
}
