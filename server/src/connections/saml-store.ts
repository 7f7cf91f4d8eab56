/** Queries of SAML connections: their IdP metadata, answers waiting for their browser, accepted assertion IDs; all scoped by organisation. */
import type { Insertable } from 'kysely';
import type { Executor, SamlConnectionRow, SamlConnectionsTable, SamlResponsesTable } from '../db/schema.ts';
import { take } from '../db/short-lived.ts';

export function findSamlConnection(db: Executor, organisationId: string, connectionId: string): Promise<SamlConnectionRow | undefined> {
  return db
    .selectFrom('saml_connections')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('connection_id', '=', connectionId)
    .executeTakeFirst();
}

export function listSamlConnections(db: Executor, organisationId: string): Promise<SamlConnectionRow[]> {
  return db.selectFrom('saml_connections').selectAll().where('organisation_id', '=', organisationId).execute();
}

/** Inserts or replaces the connection's IdP metadata. */
export async function saveSamlConnection(db: Executor, row: Insertable<SamlConnectionsTable>): Promise<void> {
  await db
    .deleteFrom('saml_connections')
    .where('organisation_id', '=', row.organisation_id)
    .where('connection_id', '=', row.connection_id)
    .execute();
  await db.insertInto('saml_connections').values(row).execute();
}

export async function insertSamlResponse(db: Executor, row: Insertable<SamlResponsesTable>): Promise<void> {
  await db.insertInto('saml_responses').values(row).execute();
}

/** How many posted answers of the organisation wait for their browser (a cap keeps anonymous posts from filling the database). */
export async function countLiveSamlResponses(db: Executor, organisationId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('saml_responses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Takes a posted answer once, while it is live (db/short-lived.ts). */
export function takeSamlResponse(db: Executor, organisationId: string, id: string, now: number) {
  return take(db, 'saml_responses', organisationId, { id }, now);
}

/** Remembers an accepted assertion ID until it expires; false when it was accepted before (a replay). */
export async function rememberAssertion(db: Executor, organisationId: string, assertionId: string, expiresAt: number): Promise<boolean> {
  const row = await db
    .insertInto('saml_assertions')
    .values({ organisation_id: organisationId, assertion_id: assertionId, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['organisation_id', 'assertion_id']).doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  return row !== undefined;
}
