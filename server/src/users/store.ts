/** Queries of user administration; every one scoped by organisation id. */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Dialect } from '../db/database.ts';

/**
 * Serialises the transactions that add users to one organisation, so a count and the insert that
 * follows it cannot interleave with another process's. PostgreSQL locks the organisation's row;
 * SQLite write transactions are already exclusive (they begin IMMEDIATE).
 */
export async function lockOrganisationForUsers(trx: Transaction<Database>, dialect: Dialect, organisationId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('organisations').select('id').where('id', '=', organisationId).forUpdate().execute();
}
