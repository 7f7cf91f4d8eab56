/** Queries on protected APIs and applications' grants on them, each through the organisation's scoped store (db/scoped.ts). */
import type { ApiGrantRow, ApiRow } from '../db/schema.ts';
import type { ScopedExecutor, Unstamped } from '../db/scoped.ts';

export function listApiRows(db: ScopedExecutor): Promise<ApiRow[]> {
  return db.selectFrom('apis').selectAll().orderBy('name').orderBy('id').execute();
}

export function findApiRow(db: ScopedExecutor, id: string): Promise<ApiRow | undefined> {
  return db.selectFrom('apis').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countApis(db: ScopedExecutor): Promise<number> {
  const row = await db
    .selectFrom('apis')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertApi(db: ScopedExecutor, row: Unstamped<ApiRow>): Promise<void> {
  await db.insertInto('apis').values(row).execute();
}

export async function updateApiRow(db: ScopedExecutor, id: string, changes: Partial<ApiRow>): Promise<void> {
  await db.updateTable('apis').set(changes).where('id', '=', id).execute();
}

export async function deleteApiRow(db: ScopedExecutor, id: string): Promise<void> {
  await db.deleteFrom('api_grants').where('api_id', '=', id).execute();
  await db.deleteFrom('apis').where('id', '=', id).execute();
}

/** Every grant of the organisation (the provider's table of who may ask for what). */
export function listAllGrants(db: ScopedExecutor): Promise<ApiGrantRow[]> {
  return db.selectFrom('api_grants').selectAll().execute();
}

export function listApiGrants(db: ScopedExecutor, apiId: string): Promise<ApiGrantRow[]> {
  return db.selectFrom('api_grants').selectAll().where('api_id', '=', apiId).orderBy('client_id').execute();
}

/** The scopes of `apiId` granted to `clientId`, or undefined. */
export async function findGrantScopes(db: ScopedExecutor, apiId: string, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('api_grants')
    .select('scopes')
    .where('client_id', '=', clientId)
    .where('api_id', '=', apiId)
    .executeTakeFirst();
  return row?.scopes;
}

/** Sets (or, with no scopes, removes) one application's grant on one API. */
export async function putGrant(db: ScopedExecutor, apiId: string, clientId: string, scopes: readonly string[]): Promise<void> {
  await db.deleteFrom('api_grants').where('client_id', '=', clientId).where('api_id', '=', apiId).execute();
  if (scopes.length > 0)
    await db
      .insertInto('api_grants')
      .values({ client_id: clientId, api_id: apiId, scopes: scopes.join(' ') })
      .execute();
}

/** The APIs whose identifier is one of these (an identifier is unique in its organisation). */
export function findApiRowsByIdentifier(db: ScopedExecutor, identifiers: readonly string[]): Promise<ApiRow[]> {
  return db
    .selectFrom('apis')
    .selectAll()
    .where('identifier', 'in', [...identifiers])
    .execute();
}
