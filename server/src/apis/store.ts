/** Queries on protected APIs and applications' grants on them, each through the organisation's scoped store (db/scoped.ts). */
import type { ApiGrantRow, ApiRow, Executor } from '../db/schema.ts';
import { scoped, type Unstamped } from '../db/scoped.ts';

export function listApiRows(db: Executor, organisationId: string): Promise<ApiRow[]> {
  return scoped(db, organisationId).selectFrom('apis').selectAll().orderBy('name').orderBy('id').execute();
}

export function findApiRow(db: Executor, organisationId: string, id: string): Promise<ApiRow | undefined> {
  return scoped(db, organisationId).selectFrom('apis').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countApis(db: Executor, organisationId: string): Promise<number> {
  const row = await scoped(db, organisationId)
    .selectFrom('apis')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertApi(db: Executor, organisationId: string, row: Unstamped<ApiRow>): Promise<void> {
  await scoped(db, organisationId).insertInto('apis').values(row).execute();
}

export async function updateApiRow(db: Executor, organisationId: string, id: string, changes: Partial<ApiRow>): Promise<void> {
  await scoped(db, organisationId).updateTable('apis').set(changes).where('id', '=', id).execute();
}

export async function deleteApiRow(db: Executor, organisationId: string, id: string): Promise<void> {
  await scoped(db, organisationId).deleteFrom('api_grants').where('api_id', '=', id).execute();
  await scoped(db, organisationId).deleteFrom('apis').where('id', '=', id).execute();
}

/** Every grant of the organisation (the provider's table of who may ask for what). */
export function listAllGrants(db: Executor, organisationId: string): Promise<ApiGrantRow[]> {
  return scoped(db, organisationId).selectFrom('api_grants').selectAll().execute();
}

export function listApiGrants(db: Executor, organisationId: string, apiId: string): Promise<ApiGrantRow[]> {
  return scoped(db, organisationId).selectFrom('api_grants').selectAll().where('api_id', '=', apiId).orderBy('client_id').execute();
}

/** The scopes of `apiId` granted to `clientId`, or undefined. */
export async function findGrantScopes(db: Executor, organisationId: string, apiId: string, clientId: string): Promise<string | undefined> {
  const row = await scoped(db, organisationId)
    .selectFrom('api_grants')
    .select('scopes')
    .where('client_id', '=', clientId)
    .where('api_id', '=', apiId)
    .executeTakeFirst();
  return row?.scopes;
}

/** Sets (or, with no scopes, removes) one application's grant on one API. */
export async function putGrant(
  db: Executor,
  organisationId: string,
  apiId: string,
  clientId: string,
  scopes: readonly string[],
): Promise<void> {
  await scoped(db, organisationId).deleteFrom('api_grants').where('client_id', '=', clientId).where('api_id', '=', apiId).execute();
  if (scopes.length > 0)
    await scoped(db, organisationId)
      .insertInto('api_grants')
      .values({ client_id: clientId, api_id: apiId, scopes: scopes.join(' ') })
      .execute();
}
