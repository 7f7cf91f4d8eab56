/** Queries on the password history (the enforcePasswordHistory rule); each through the organisation's scoped store (db/scoped.ts). */

import { LIMITS } from '@gatehouse/common/policy';

import type { ScopedExecutor } from '../db/scoped.ts';

export async function recentPasswordHashes(db: ScopedExecutor, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('password_history')
    .select('password_hash')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.password_hash);
}

/** Records a password the user has set and forgets all but the newest LIMITS.passwordHistory. */
export async function recordPasswordHistory(
  db: ScopedExecutor,
  row: { user_id: string; password_hash: string; created_at: number },
): Promise<void> {
  const store = db;
  await store.insertInto('password_history').values(row).execute();
  const keep = store
    .selectFrom('password_history')
    .select('id')
    .where('user_id', '=', row.user_id)
    .orderBy('id', 'desc')
    .limit(LIMITS.passwordHistory);
  await store.deleteFrom('password_history').where('user_id', '=', row.user_id).where('id', 'not in', keep).execute();
}
