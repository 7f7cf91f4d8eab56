/** Queries on the sessions table; keyed by the token's hash and always by organisation. */
import type { Kysely } from 'kysely';

import { param, preparedInScope } from '../db/prepared.ts';
import type { Database, SessionRow } from '../db/schema.ts';
import { acrossOrganisations, type ScopedExecutor, type Unstamped } from '../db/scoped.ts';

// A session is read on every signed-in request and written at every sign-in and sign-out: these run
// prepared (db/prepared.ts), built and compiled once.

const insertQuery = preparedInScope((db) =>
  db.insertInto('sessions').values({
    id: param('id'),
    user_id: param('user_id'),
    created_at: param('created_at') as unknown as number,
    last_seen_at: param('last_seen_at') as unknown as number,
    expires_at: param('expires_at') as unknown as number,
    amr: param('amr'),
    user_agent: param('user_agent'),
    public_id: param('public_id'),
    address: param('address'),
  }),
);

export async function insertSession(db: ScopedExecutor, row: Unstamped<SessionRow>): Promise<void> {
  await insertQuery(db, { ...row });
}

const findQuery = preparedInScope<SessionRow, { id: string }>((db) => db.selectFrom('sessions').selectAll().where('id', '=', param('id')));

export async function findSession(db: ScopedExecutor, id: string): Promise<SessionRow | undefined> {
  return (await findQuery(db, { id })).rows[0];
}

const touchQuery = preparedInScope((db) =>
  db
    .updateTable('sessions')
    .set({ last_seen_at: param('now') as unknown as number })
    .where('id', '=', param('id')),
);

export async function touchSession(db: ScopedExecutor, id: string, now: number): Promise<void> {
  await touchQuery(db, { id, now });
}

const deleteQuery = preparedInScope((db) => db.deleteFrom('sessions').where('id', '=', param('id')));

export async function deleteSession(db: ScopedExecutor, id: string): Promise<void> {
  await deleteQuery(db, { id });
}

/** Ends every session of a user: on disable, delete, lockout and password change. */
export async function deleteUserSessions(db: ScopedExecutor, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: number, idleMs: number): Promise<number> {
  const result = await acrossOrganisations(db, 'sweep')
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records what a session has since proven (a second factor confirmed while signed in). */
export async function updateSessionAmr(db: ScopedExecutor, id: string, amr: string[]): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ amr: JSON.stringify(amr) })
    .where('id', '=', id)
    .execute();
}

/** Ends every session of a user but one (on turning on a second factor, the sessions made without it end); the ended rows' ids. */
export async function deleteOtherUserSessions(db: ScopedExecutor, userId: string, keepId: string): Promise<string[]> {
  const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).returning('id').execute();
  return rows.map((row) => row.id);
}

/** A user's live sessions, the latest seen first, at most `limit` (the lists on /account and the person's page). */
export async function listUserSessions(
  db: ScopedExecutor,
  userId: string,
  live: { now: number; idleMs: number },
  limit: number,
): Promise<SessionRow[]> {
  const { now, idleMs } = live;
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', now - idleMs)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Ends one session of a user, named by its public id; the ended row's id, or undefined (another user's id ends nothing). */
export async function deleteUserSessionByPublicId(db: ScopedExecutor, userId: string, publicId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

const rememberBrowserQuery = preparedInScope<{ id: string }, { userId: string; id: string; now: number }>((db) =>
  db
    .insertInto('known_browsers')
    .values({ user_id: param('userId'), id: param('id'), created_at: param('now') as unknown as number })
    .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
    .returning('id'),
);

/**
 * Records that the user signed in from this browser (its id's hash); true when it was new to them. One
 * conditional insert, so of two sign-ins from a new browser at once only one finds it new.
 */
export async function rememberBrowser(db: ScopedExecutor, userId: string, id: string, now: number): Promise<boolean> {
  // Prepared: it runs inside every sign-in's transaction (accounts/session.ts finishSignIn).
  const inserted = await rememberBrowserQuery(db, { userId, id, now });
  return inserted.rows.length > 0;
}

/** Whether the user has signed in from a browser other than this one before. */
export async function knowsOtherBrowser(db: ScopedExecutor, userId: string, id: string): Promise<boolean> {
  const row = await db.selectFrom('known_browsers').select('id').where('user_id', '=', userId).where('id', '!=', id).executeTakeFirst();
  return row !== undefined;
}
