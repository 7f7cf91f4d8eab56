/** Queries on the sessions table; keyed by the token's hash and always by organisation. */
import type { Kysely } from 'kysely';
import { param, prepared } from '../db/prepared.ts';
import type { Database, Executor, SessionRow } from '../db/schema.ts';

// A session is read on every signed-in request and written at every sign-in and sign-out: these run
// prepared (db/prepared.ts), built and compiled once.

const insertQuery = prepared((db) =>
  db.insertInto('sessions').values({
    id: param('id'),
    organisation_id: param('organisation_id'),
    user_id: param('user_id'),
    created_at: param('created_at') as unknown as number,
    last_seen_at: param('last_seen_at') as unknown as number,
    expires_at: param('expires_at') as unknown as number,
    amr: param('amr'),
    user_agent: param('user_agent'),
  }),
);

export async function insertSession(db: Kysely<Database>, row: SessionRow): Promise<void> {
  await insertQuery(db, { ...row });
}

const findQuery = prepared<SessionRow, { organisation_id: string; id: string }>((db) =>
  db.selectFrom('sessions').selectAll().where('organisation_id', '=', param('organisation_id')).where('id', '=', param('id')),
);

export async function findSession(db: Kysely<Database>, organisationId: string, id: string): Promise<SessionRow | undefined> {
  return (await findQuery(db, { organisation_id: organisationId, id })).rows[0];
}

const touchQuery = prepared((db) =>
  db
    .updateTable('sessions')
    .set({ last_seen_at: param('now') as unknown as number })
    .where('organisation_id', '=', param('organisation_id'))
    .where('id', '=', param('id')),
);

export async function touchSession(db: Kysely<Database>, organisationId: string, id: string, now: number): Promise<void> {
  await touchQuery(db, { organisation_id: organisationId, id, now });
}

const deleteQuery = prepared((db) =>
  db.deleteFrom('sessions').where('organisation_id', '=', param('organisation_id')).where('id', '=', param('id')),
);

export async function deleteSession(db: Kysely<Database>, organisationId: string, id: string): Promise<void> {
  await deleteQuery(db, { organisation_id: organisationId, id });
}

/** Ends every session of a user: on disable, delete, lockout and password change. */
export async function deleteUserSessions(db: Executor, organisationId: string, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('organisation_id', '=', organisationId).where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: number, idleMs: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records what a session has since proven (a second factor confirmed while signed in). */
export async function updateSessionAmr(db: Kysely<Database>, organisationId: string, id: string, amr: string[]): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ amr: JSON.stringify(amr) })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .execute();
}

/** Ends every session of a user but one: on turning on a second factor, the sessions made without it end. */
export async function deleteOtherUserSessions(db: Kysely<Database>, organisationId: string, userId: string, keepId: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .execute();
}
