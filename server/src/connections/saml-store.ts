/** Queries of SAML connections: their IdP metadata, answers waiting for their browser, accepted assertion IDs; all scoped by organisation. */
import type { Insertable } from 'kysely';

import type { SamlConnectionRow, SamlConnectionsTable, SamlResponsesTable } from '../db/schema.ts';
import type { ScopedExecutor, Unstamped } from '../db/scoped.ts';
import { take } from '../db/short-lived.ts';

export function findSamlConnection(db: ScopedExecutor, connectionId: string): Promise<SamlConnectionRow | undefined> {
  return db.selectFrom('saml_connections').selectAll().where('connection_id', '=', connectionId).executeTakeFirst();
}

export function listSamlConnections(db: ScopedExecutor): Promise<SamlConnectionRow[]> {
  return db.selectFrom('saml_connections').selectAll().execute();
}

/** Inserts or replaces the connection's IdP metadata. */
export async function saveSamlConnection(db: ScopedExecutor, row: Unstamped<Insertable<SamlConnectionsTable>>): Promise<void> {
  const store = db;
  await store.deleteFrom('saml_connections').where('connection_id', '=', row.connection_id).execute();
  await store.insertInto('saml_connections').values(row).execute();
}

/** Keeps a posted answer for its browser's GET, in place of any answer to the same request still waiting (one per sign-in). */
export async function keepSamlResponse(
  db: ScopedExecutor,
  row: Unstamped<Insertable<SamlResponsesTable>> & { request_id: string },
): Promise<void> {
  await db.deleteFrom('saml_responses').where('connection_id', '=', row.connection_id).where('request_id', '=', row.request_id).execute();
  await db.insertInto('saml_responses').values(row).execute();
}

/** How many posted answers from one address wait for their browser (anyone may post: one address holds only a few). */
export async function countLiveSamlResponses(db: ScopedExecutor, address: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('saml_responses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('address', '=', address)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Takes a posted answer once, while it is live (db/short-lived.ts). */
export function takeSamlResponse(db: ScopedExecutor, id: string, now: number) {
  return take(db, 'saml_responses', { id }, now);
}

/** Remembers an accepted assertion ID until it expires; false when it was accepted before (a replay). */
export async function rememberAssertion(db: ScopedExecutor, assertionId: string, expiresAt: number): Promise<boolean> {
  const row = await db
    .insertInto('saml_assertions')
    .values({ assertion_id: assertionId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('assertion_id').doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  return row !== undefined;
}
