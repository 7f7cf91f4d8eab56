/** Queries of SAML connections: their IdP metadata, answers waiting for their browser, accepted assertion IDs; all scoped by organisation. */
import type { Insertable } from 'kysely';
import type { Executor, SamlConnectionRow, SamlConnectionsTable, SamlResponsesTable } from '../db/schema.ts';
import { take } from '../db/short-lived.ts';
import { scoped, type Unstamped } from '../db/scoped.ts';

export function findSamlConnection(db: Executor, organisationId: string, connectionId: string): Promise<SamlConnectionRow | undefined> {
  return scoped(db, organisationId).selectFrom('saml_connections').selectAll().where('connection_id', '=', connectionId).executeTakeFirst();
}

export function listSamlConnections(db: Executor, organisationId: string): Promise<SamlConnectionRow[]> {
  return scoped(db, organisationId).selectFrom('saml_connections').selectAll().execute();
}

/** Inserts or replaces the connection's IdP metadata. */
export async function saveSamlConnection(
  db: Executor,
  organisationId: string,
  row: Unstamped<Insertable<SamlConnectionsTable>>,
): Promise<void> {
  const store = scoped(db, organisationId);
  await store.deleteFrom('saml_connections').where('connection_id', '=', row.connection_id).execute();
  await store.insertInto('saml_connections').values(row).execute();
}

/** Keeps a posted answer for its browser's GET, in place of any answer to the same request still waiting (one per sign-in). */
export async function keepSamlResponse(
  db: Executor,
  organisationId: string,
  row: Unstamped<Insertable<SamlResponsesTable>> & { request_id: string },
): Promise<void> {
  const store = scoped(db, organisationId);
  await store
    .deleteFrom('saml_responses')
    .where('connection_id', '=', row.connection_id)
    .where('request_id', '=', row.request_id)
    .execute();
  await store.insertInto('saml_responses').values(row).execute();
}

/** How many posted answers from one address wait for their browser (anyone may post: one address holds only a few). */
export async function countLiveSamlResponses(db: Executor, organisationId: string, address: string, now: number): Promise<number> {
  const row = await scoped(db, organisationId)
    .selectFrom('saml_responses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('address', '=', address)
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
  const row = await scoped(db, organisationId)
    .insertInto('saml_assertions')
    .values({ assertion_id: assertionId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('assertion_id').doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  return row !== undefined;
}
