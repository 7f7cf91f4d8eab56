/** Queries on SAML applications, their sign-in flows and used AuthnRequest IDs; every one through the scoped store. */
import type { ClientRow, Executor, SamlApplicationRow, SamlSessionApplicationRow, SamlSignInFlowRow } from '../db/schema.ts';
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

/** Remembers that a session signed in to an application, with what the application was told (the newest sign-in's). */
export async function rememberSessionApplication(db: ScopedExecutor, row: Unstamped<SamlSessionApplicationRow>): Promise<void> {
  await db
    .insertInto('saml_session_applications')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['session_id', 'client_id']).doUpdateSet({
        name_id: row.name_id,
        name_id_format: row.name_id_format,
        session_index: row.session_index,
        expires_at: row.expires_at,
      }),
    )
    .execute();
}

/** The applications a session signed in to (that can be told of a sign-out). */
export function sessionApplications(db: ScopedExecutor, sessionId: string): Promise<SamlSessionApplicationRow[]> {
  return db.selectFrom('saml_session_applications').selectAll().where('session_id', '=', sessionId).execute();
}

/** The sessions an application's LogoutRequest names: its NameID, and one of its SessionIndexes when it gives any. */
export function sessionsNamed(db: ScopedExecutor, clientId: string, nameId: string, sessionIndexes: readonly string[]) {
  let query = db.selectFrom('saml_session_applications').selectAll().where('client_id', '=', clientId).where('name_id', '=', nameId);
  if (sessionIndexes.length > 0) query = query.where('session_index', 'in', sessionIndexes);
  return query.execute();
}

export async function forgetSessions(db: ScopedExecutor, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length > 0) await db.deleteFrom('saml_session_applications').where('session_id', 'in', sessionIds).execute();
}

export async function insertLogoutFlow(
  db: ScopedExecutor,
  row: { id: string; pending: string; respond_to: string | null; expires_at: number },
): Promise<void> {
  await db
    .insertInto('saml_logout_flows')
    .values({ ...row, request_id: null })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ pending: row.pending, respond_to: row.respond_to, request_id: null, expires_at: row.expires_at }),
    )
    .execute();
}

/** Notes on a flow that one application could not be told (its answer to the initiator says PartialLogout). */
export async function setLogoutFlowAnswer(db: ScopedExecutor, id: string, respondTo: string): Promise<void> {
  await db.updateTable('saml_logout_flows').set({ respond_to: respondTo }).where('id', '=', id).execute();
}

/** Who holds these Gatehouse sessions (by their row ids). */
export function sessionOwners(db: ScopedExecutor, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('sessions').select(['id', 'user_id']).where('id', 'in', sessionIds).execute();
}

export function findLogoutFlow(db: ScopedExecutor, id: string, now: number) {
  return db.selectFrom('saml_logout_flows').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
}

/** The sign-out whose last LogoutRequest had this ID. */
export function findLogoutFlowAwaiting(db: ScopedExecutor, requestId: string, now: number) {
  return db
    .selectFrom('saml_logout_flows')
    .select(['id', 'respond_to'])
    .where('request_id', '=', requestId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Moves a flow on: what is still to be told, and the LogoutRequest now waiting for its answer. */
export async function advanceLogoutFlow(db: ScopedExecutor, id: string, pending: string, requestId: string | null): Promise<void> {
  await db.updateTable('saml_logout_flows').set({ pending, request_id: requestId }).where('id', '=', id).execute();
}

export async function deleteLogoutFlow(db: ScopedExecutor, id: string): Promise<void> {
  await db.deleteFrom('saml_logout_flows').where('id', '=', id).execute();
}

/** The cleanup: sign-ins and sign-outs never finished, AuthnRequest IDs and sessions' applications past their time. */
export async function deleteExpiredSamlRows(db: Executor, now: number): Promise<number> {
  const counts = await Promise.all([
    deleteExpired(db, 'saml_sign_in_flows', now),
    deleteExpired(db, 'saml_request_ids', now),
    deleteExpired(db, 'saml_session_applications', now),
    deleteExpired(db, 'saml_logout_flows', now),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}

export function findIdpSecret(db: ScopedExecutor) {
  return db.selectFrom('saml_idp_secrets').select('name_id_secret_sealed').executeTakeFirst();
}

/** Stores the organisation's first secret; a secret stored meanwhile by another process stays. */
export async function insertIdpSecret(db: ScopedExecutor, sealed: string): Promise<void> {
  await db
    .insertInto('saml_idp_secrets')
    .values({ name_id_secret_sealed: sealed })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Fills the secret of an organisation from before, once. */
export async function fillLegacyIdpSecret(db: ScopedExecutor, sealed: string): Promise<void> {
  await db.updateTable('saml_idp_secrets').set({ name_id_secret_sealed: sealed }).where('name_id_secret_sealed', 'is', null).execute();
}
