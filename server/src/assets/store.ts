/** Queries on the assets table (uploaded images), scoped by organisation. */

import type { AssetRow } from '../db/schema.ts';
import type { ScopedExecutor, Unstamped } from '../db/scoped.ts';

export async function insertAsset(db: ScopedExecutor, row: Unstamped<AssetRow>): Promise<void> {
  await db.insertInto('assets').values(row).execute();
}

export function findAsset(db: ScopedExecutor, id: string): Promise<AssetRow | undefined> {
  return db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteAsset(db: ScopedExecutor, id: string): Promise<void> {
  await db.deleteFrom('assets').where('id', '=', id).execute();
}
