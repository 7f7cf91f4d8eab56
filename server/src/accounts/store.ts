/** Queries on the users table; every one is scoped by organisation id. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export function findUserByEmail(db: Executor, organisationId: string, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Executor, organisationId: string, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Executor, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(db: Executor, organisationId: string, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('organisation_id', '=', organisationId).where('id', '=', id).execute();
}

/** Records a failed sign-in atomically (no read-modify-write), so parallel failures are all counted. */
export async function recordFailedSignIn(db: Executor, organisationId: string, id: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ failed_auth_count: eb('failed_auth_count', '+', 1), last_failed_sign_in: now, updated_at: now }))
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .execute();
}

/** Records a successful sign-in: the last sign-in becomes the previous one and the failure count resets. */
export async function recordSignIn(db: Executor, organisationId: string, id: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ previous_sign_in: eb.ref('last_sign_in'), last_sign_in: now, failed_auth_count: 0, updated_at: now }))
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .execute();
}
