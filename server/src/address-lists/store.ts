/** Queries on the organisation's address lists, through its scoped store (db/scoped.ts). */
import type { AddressListEntriesTable } from '../db/schema.ts';
import type { ScopedExecutor } from '../db/scoped.ts';

export type ListName = AddressListEntriesTable['list'];

/** Every entry of both lists, each list in the order it was saved. */
export async function listEntries(db: ScopedExecutor): Promise<{ list: ListName; range: string }[]> {
  return db.selectFrom('address_list_entries').select(['list', 'range']).orderBy('created_at').orderBy('range').execute();
}

/** Replaces both lists (inside the caller's transaction). */
export async function replaceEntries(db: ScopedExecutor, lists: Record<ListName, readonly string[]>, now: number): Promise<void> {
  await db.deleteFrom('address_list_entries').execute();
  const rows = (Object.entries(lists) as [ListName, readonly string[]][]).flatMap(([list, ranges]) =>
    // created_at keeps the order the admin wrote: one millisecond apart is enough to sort by.
    ranges.map((range, i) => ({ list, range, created_at: now + i })),
  );
  if (rows.length) await db.insertInto('address_list_entries').values(rows).execute();
}
