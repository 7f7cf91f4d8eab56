/** Reads of the organisations table that every layer uses (resolving a host, checking a name, locking the row). */
import type { Transaction } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database, Executor, OrganisationRow } from '../db/schema.ts';

export function findOrganisationByName(db: Executor, name: string): Promise<OrganisationRow | undefined> {
  return db.selectFrom('organisations').selectAll().where('name', '=', name).where('is_base', '=', false).executeTakeFirst();
}

export function findBaseOrganisation(db: Executor): Promise<OrganisationRow | undefined> {
  return db.selectFrom('organisations').selectAll().where('is_base', '=', true).executeTakeFirst();
}

export function findOrganisationById(db: Executor, id: string): Promise<OrganisationRow | undefined> {
  return db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes the organisation's row lock until the transaction ends, so that transactions of several processes
 * on one organisation (adding users after counting them, generating or rotating keys) run one after the
 * other. PostgreSQL locks the row; SQLite's write transactions are exclusive already (they begin IMMEDIATE).
 */
export async function lockOrganisation(trx: Transaction<Database>, dialect: Dialect, id: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('organisations').select('id').where('id', '=', id).forUpdate().execute();
}
