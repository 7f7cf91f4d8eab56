/** Queries on the assets table (uploaded images), scoped by organisation. */

import type { AssetRow, Executor } from '../db/schema.ts';

export async function insertAsset(db: Executor, row: AssetRow): Promise<void> {
  await db.insertInto('assets').values(row).execute();
}

export function findAsset(db: Executor, organisationId: string, id: string): Promise<AssetRow | undefined> {
  return db.selectFrom('assets').selectAll().where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
}

export async function deleteAsset(db: Executor, organisationId: string, id: string): Promise<void> {
  await db.deleteFrom('assets').where('organisation_id', '=', organisationId).where('id', '=', id).execute();
}
