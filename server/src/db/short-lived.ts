/**
 * The one primitive of short-lived flows (recovery requests, emailed link tokens, MFA set-ups, sign-ins
 * waiting for their code, passkey challenges): a row that lives until `expires_at`, may count `attempts` up to a limit,
 * and is taken once. Each step is one statement, so two concurrent requests never both get what only
 * one may: the attempt is counted and checked together, and taking is a delete that answers the row.
 * Every statement goes through the organisation's scoped store (db/scoped.ts); the cleanup is a sweep.
 */
import type { Selectable } from 'kysely';

import type { Database, Executor } from './schema.ts';
import { acrossOrganisations, type ScopedExecutor } from './scoped.ts';

/** The flows that count attempts. */
type Counted = 'recovery_flows' | 'mfa_enrolments' | 'sign_in_states';
/** Every short-lived flow. */
type ShortLived =
  | Counted
  | 'email_tokens'
  | 'mfa_remembered_devices'
  | 'connection_flows'
  | 'saml_responses'
  | 'saml_assertions'
  | 'saml_sign_in_flows'
  | 'saml_request_ids'
  | 'saml_session_applications'
  | 'saml_logout_flows'
  | 'webauthn_challenges'
  | 'webauthn_passwordless_challenges';

/** A column that must hold a value (`IS NOT NULL`). */
export const PRESENT = Symbol('present');

/** Which row, besides its organisation: a value (null is `IS NULL`), one of a list, or PRESENT. */
export type Match<T extends ShortLived> = Partial<{
  [C in keyof Database[T]]: Database[T][C] | readonly Database[T][C][] | typeof PRESENT;
}>;

type Filterable = { where(column: 'id', op: string, value: unknown): Filterable };

function whereMatch<Q>(query: Q, match: Match<ShortLived>): Q {
  let q = query as unknown as Filterable;
  for (const [column, value] of Object.entries(match) as [string, unknown][]) {
    const c = column as 'id';
    if (value === PRESENT) q = q.where(c, 'is not', null);
    else if (value === null) q = q.where(c, 'is', null);
    else q = q.where(c, Array.isArray(value) ? 'in' : '=', value);
  }
  return q as unknown as Q;
}

/**
 * Counts one attempt on a live row with attempts left, and answers it (with the count after this
 * attempt); undefined when there is no such row, it has expired, or its attempts are used up.
 */
export function countAttempt<T extends Counted>(
  db: ScopedExecutor,
  table: T,
  match: Match<T>,
  limits: { now: number; maxAttempts: number },
): Promise<Selectable<Database[T]> | undefined> {
  const query = db
    .updateTable(table as 'sign_in_states')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('expires_at', '>', limits.now)
    .where('attempts', '<', limits.maxAttempts);
  return whereMatch(query, match as Match<ShortLived>)
    .returningAll()
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/**
 * Takes a row once: deletes it and answers it, so of two concurrent requests exactly one gets it;
 * with `now`, only while it is live.
 */
export function take<T extends ShortLived>(
  db: ScopedExecutor,
  table: T,
  match: Match<T>,
  now?: number,
): Promise<Selectable<Database[T]> | undefined> {
  let query = db.deleteFrom(table as 'email_tokens');
  if (now !== undefined) query = query.where('expires_at', '>', now);
  return whereMatch(query, match as Match<ShortLived>)
    .returningAll()
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** The cleanup jobs: deletes the rows of a flow that expired by `now`, answering how many. */
export async function deleteExpired(db: Executor, table: ShortLived, now: number): Promise<number> {
  const result = await acrossOrganisations(db, 'sweep')
    .deleteFrom(table as 'email_tokens')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
