/** Queries on the sessions table; keyed by the token's hash and always by organisation. */
import type { Kysely } from 'kysely';
import type { Database, Executor, SessionRow } from '../db/schema.ts';
import { acrossOrganisations, scoped, type Unstamped } from '../db/scoped.ts';

export async function insertSession(db: Kysely<Database>, organisationId: string, row: Unstamped<SessionRow>): Promise<void> {
  await scoped(db, organisationId).insertInto('sessions').values(row).execute();
}

export function findSession(db: Kysely<Database>, organisationId: string, id: string): Promise<SessionRow | undefined> {
  return scoped(db, organisationId).selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, organisationId: string, id: string, now: number): Promise<void> {
  await scoped(db, organisationId).updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<Database>, organisationId: string, id: string): Promise<void> {
  await scoped(db, organisationId).deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of a user: on disable, delete, lockout and password change. */
export async function deleteUserSessions(db: Executor, organisationId: string, userId: string): Promise<void> {
  await scoped(db, organisationId).deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: number, idleMs: number): Promise<number> {
  const result = await acrossOrganisations(db, 'sweep')
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records what a session has since proven (a second factor confirmed while signed in). */
export async function updateSessionAmr(db: Kysely<Database>, organisationId: string, id: string, amr: string[]): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('sessions')
    .set({ amr: JSON.stringify(amr) })
    .where('id', '=', id)
    .execute();
}

/** Ends every session of a user but one: on turning on a second factor, the sessions made without it end. */
export async function deleteOtherUserSessions(db: Kysely<Database>, organisationId: string, userId: string, keepId: string): Promise<void> {
  await scoped(db, organisationId).deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute();
}
