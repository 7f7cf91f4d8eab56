/** Queries on SAML applications, their sign-in flows and used AuthnRequest IDs; every one through the scoped store. */
import type { ClientRow, Executor, SamlApplicationRow, SamlSignInFlowRow } from '../db/schema.ts';
import { SAML_CLIENT_TYPE } from '../db/schema.ts';
import type { ScopedExecutor, Unstamped } from '../db/scoped.ts';
import { deleteExpired, take } from '../db/short-lived.ts';

export type SamlAppRows = { client: ClientRow; saml: SamlApplicationRow };

async function withClients(db: ScopedExecutor, rows: SamlApplicationRow[]): Promise<SamlAppRows[]> {
  if (rows.length === 0) return [];
  const clients = await db
    .selectFrom('clients')
    .selectAll()
    .where('client_type', '=', SAML_CLIENT_TYPE)
    .where(
      'id',
      'in',
      rows.map((r) => r.client_id),
    )
    .execute();
  const byId = new Map(clients.map((c) => [c.id, c]));
  return rows.flatMap((saml) => {
    const client = byId.get(saml.client_id);
    return client ? [{ client, saml }] : [];
  });
}

export async function listSamlApps(db: ScopedExecutor): Promise<SamlAppRows[]> {
  const rows = await db.selectFrom('saml_applications').selectAll().execute();
  const all = await withClients(db, rows);
  return all.sort((a, b) => a.client.name.localeCompare(b.client.name) || a.client.id.localeCompare(b.client.id));
}

export async function findSamlApp(db: ScopedExecutor, clientId: string): Promise<SamlAppRows | undefined> {
  const row = await db.selectFrom('saml_applications').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  return row ? (await withClients(db, [row]))[0] : undefined;
}

export async function findSamlAppByEntityId(db: ScopedExecutor, entityId: string): Promise<SamlAppRows | undefined> {
  const row = await db.selectFrom('saml_applications').selectAll().where('entity_id', '=', entityId).executeTakeFirst();
  return row ? (await withClients(db, [row]))[0] : undefined;
}

export async function insertSamlApp(db: ScopedExecutor, client: Unstamped<ClientRow>, saml: Unstamped<SamlApplicationRow>) {
  await db.insertInto('clients').values(client).execute();
  await db.insertInto('saml_applications').values(saml).execute();
}

export async function updateSamlApp(
  db: ScopedExecutor,
  clientId: string,
  client: Partial<Unstamped<ClientRow>>,
  saml: Partial<Unstamped<SamlApplicationRow>>,
) {
  await db.updateTable('clients').set(client).where('id', '=', clientId).execute();
  await db.updateTable('saml_applications').set(saml).where('client_id', '=', clientId).execute();
}

export async function insertSignInFlow(db: ScopedExecutor, row: Unstamped<SamlSignInFlowRow>): Promise<void> {
  await db.insertInto('saml_sign_in_flows').values(row).execute();
}

export function findSignInFlow(db: ScopedExecutor, id: string, now: number): Promise<SamlSignInFlowRow | undefined> {
  return db.selectFrom('saml_sign_in_flows').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
}

/** Takes a flow once, while it is live: of two answers to one request, one is sent. */
export function takeSignInFlow(db: ScopedExecutor, id: string, now: number) {
  return take(db, 'saml_sign_in_flows', { id }, now);
}

/** Remembers an AuthnRequest ID of an application until it expires; false when it was seen before (a replay). */
export async function rememberRequestId(db: ScopedExecutor, clientId: string, requestId: string, expiresAt: number): Promise<boolean> {
  const row = await db
    .insertInto('saml_request_ids')
    .values({ client_id: clientId, request_id: requestId, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['client_id', 'request_id']).doNothing())
    .returning('request_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The cleanup: sign-ins never finished and AuthnRequest IDs past their time. */
export async function deleteExpiredSamlRows(db: Executor, now: number): Promise<number> {
  const counts = await Promise.all([deleteExpired(db, 'saml_sign_in_flows', now), deleteExpired(db, 'saml_request_ids', now)]);
  return counts.reduce((a, b) => a + b, 0);
}
