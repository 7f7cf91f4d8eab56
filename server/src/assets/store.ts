/** Queries on the assets table (uploaded images), scoped by organisation. */

import type { AssetRow, Executor } from '../db/schema.ts';
import { scoped, type Unstamped } from '../db/scoped.ts';

export async function insertAsset(db: Executor, organisationId: string, row: Unstamped<AssetRow>): Promise<void> {
  await scoped(db, organisationId).insertInto('assets').values(row).execute();
}

export function findAsset(db: Executor, organisationId: string, id: string): Promise<AssetRow | undefined> {
  return scoped(db, organisationId).selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteAsset(db: Executor, organisationId: string, id: string): Promise<void> {
  await scoped(db, organisationId).deleteFrom('assets').where('id', '=', id).execute();
}
