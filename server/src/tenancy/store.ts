/** Reads of the organisations table that every layer uses (resolving a host, checking a name, locking the row). */
import type { Dialect } from '../db/database.ts';
import { param, prepared } from '../db/prepared.ts';
import type { Executor, OrganisationRow } from '../db/schema.ts';
import type { ScopedExecutor } from '../db/scoped.ts';

// Every process reads each organisation it serves again once its cached copy expires (tenancy/resolver.ts): prepared once.
const byNameQuery = prepared<OrganisationRow, { name: string }>((db) =>
  db.selectFrom('organisations').selectAll().where('name', '=', param('name')).where('is_base', '=', false),
);

export async function findOrganisationByName(db: Executor, name: string): Promise<OrganisationRow | undefined> {
  return (await byNameQuery(db, { name })).rows[0];
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
export async function lockOrganisation(trx: ScopedExecutor, dialect: Dialect): Promise<void> {
  if (!trx.isTransaction) throw new Error('lockOrganisation holds its lock until a transaction ends: give it one');
  if (dialect !== 'postgres') return;
  // The scoped store names the row: the organisation it is bound to.
  await trx.selectFrom('organisations').select('id').forUpdate().execute();
}
