/** Queries on emailed link tokens; every one scoped by organisation, keyed by the token's hash. */

import type { EmailTokenPurpose, EmailTokenRow, Executor } from '../db/schema.ts';
import type { ScopedExecutor, Unstamped } from '../db/scoped.ts';
import { deleteExpired, take } from '../db/short-lived.ts';

export async function insertEmailToken(db: ScopedExecutor, row: Unstamped<EmailTokenRow>): Promise<void> {
  await db.insertInto('email_tokens').values(row).execute();
}

/** Deletes a user's (or an address's) tokens of some purposes: a newer token replaces the older ones. */
export async function deleteEmailTokens(
  db: ScopedExecutor,
  owner: { userId: string } | { email: string },
  purposes: readonly EmailTokenPurpose[],
): Promise<void> {
  await db
    .deleteFrom('email_tokens')
    .where('purpose', 'in', purposes)
    .$if('userId' in owner, (qb) => qb.where('user_id', '=', (owner as { userId: string }).userId))
    .$if('email' in owner, (qb) => qb.where('email', '=', (owner as { email: string }).email))
    .execute();
}

export function findEmailToken(
  db: ScopedExecutor,
  id: string,
  purposes: readonly EmailTokenPurpose[],
  now: number,
): Promise<EmailTokenRow | undefined> {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('id', '=', id)
    .where('purpose', 'in', purposes)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Deletes and returns a live token in one statement: of two concurrent uses, exactly one gets it. */
export function takeEmailToken(
  db: ScopedExecutor,
  id: string,
  purposes: readonly EmailTokenPurpose[],
  now: number,
): Promise<EmailTokenRow | undefined> {
  return take(db, 'email_tokens', { id, purpose: purposes }, now);
}

/** When the user's newest token of a purpose was made, or null. */
export async function newestEmailTokenAt(db: ScopedExecutor, userId: string, purpose: EmailTokenPurpose): Promise<number | null> {
  const row = await db
    .selectFrom('email_tokens')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

export function deleteExpiredEmailTokens(db: Executor, now: number): Promise<number> {
  return deleteExpired(db, 'email_tokens', now);
}

/** Gives a live token a new hash (the link's token is exchanged for another secret); the old one stops working. */
export function rekeyEmailToken(
  db: ScopedExecutor,
  id: string,
  newId: string,
  purposes: readonly EmailTokenPurpose[],
  now: number,
): Promise<EmailTokenRow | undefined> {
  return db
    .updateTable('email_tokens')
    .set({ id: newId })
    .where('id', '=', id)
    .where('purpose', 'in', purposes)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}
