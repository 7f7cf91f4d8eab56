/** Queries on protected APIs and applications' grants on them; every one scoped by organisation. */
import type { ApiGrantRow, ApiRow, Executor } from '../db/schema.ts';

export function listApiRows(db: Executor, organisationId: string): Promise<ApiRow[]> {
  return db.selectFrom('apis').selectAll().where('organisation_id', '=', organisationId).orderBy('name').orderBy('id').execute();
}

export function findApiRow(db: Executor, organisationId: string, id: string): Promise<ApiRow | undefined> {
  return db.selectFrom('apis').selectAll().where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
}

export async function countApis(db: Executor, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('apis')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertApi(db: Executor, row: ApiRow): Promise<void> {
  await db.insertInto('apis').values(row).execute();
}

export async function updateApiRow(db: Executor, organisationId: string, id: string, changes: Partial<ApiRow>): Promise<void> {
  await db.updateTable('apis').set(changes).where('organisation_id', '=', organisationId).where('id', '=', id).execute();
}

export async function deleteApiRow(db: Executor, organisationId: string, id: string): Promise<void> {
  await db.deleteFrom('api_grants').where('organisation_id', '=', organisationId).where('api_id', '=', id).execute();
  await db.deleteFrom('apis').where('organisation_id', '=', organisationId).where('id', '=', id).execute();
}

/** Every grant of the organisation (the provider's table of who may ask for what). */
export function listAllGrants(db: Executor, organisationId: string): Promise<ApiGrantRow[]> {
  return db.selectFrom('api_grants').selectAll().where('organisation_id', '=', organisationId).execute();
}

export function listApiGrants(db: Executor, organisationId: string, apiId: string): Promise<ApiGrantRow[]> {
  return db
    .selectFrom('api_grants')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('api_id', '=', apiId)
    .orderBy('client_id')
    .execute();
}

/** The scopes of `apiId` granted to `clientId`, or undefined. */
export async function findGrantScopes(db: Executor, organisationId: string, apiId: string, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('api_grants')
    .select('scopes')
    .where('organisation_id', '=', organisationId)
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
  await db
    .deleteFrom('api_grants')
    .where('organisation_id', '=', organisationId)
    .where('client_id', '=', clientId)
    .where('api_id', '=', apiId)
    .execute();
  if (scopes.length > 0)
    await db
      .insertInto('api_grants')
      .values({ organisation_id: organisationId, client_id: clientId, api_id: apiId, scopes: scopes.join(' ') })
      .execute();
}
