import { type Kysely, sql } from 'kysely';

import { searchKey } from '../search-key.ts';
import type { MigrationFactory } from './index.ts';

const BACKFILL_BATCH = 1000;

/**
 * The /users search: lower-cased copies of first name and surname (users.email is stored lower-cased
 * already), each with a btree index led by organisation_id, so a case-insensitive prefix search is an
 * index range scan on both dialects. The copies are made in JavaScript (searchKey), not with SQL
 * lower(), which SQLite applies to ASCII only; accounts/store.ts keeps them current on every write.
 * On PostgreSQL the indexes use the "C" collation: only a byte-order index serves a prefix as a range
 * (`>= p and < p || U+10FFFF`) whatever the database's collation, and it orders like SQLite's BINARY.
 */
export const userSearch: MigrationFactory = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('first_name_search', 'text').execute();
    await db.schema.alterTable('users').addColumn('surname_search', 'text').execute();

    // Backfill in batches by id, so a large table is never held in memory at once.
    const users = db as unknown as Kysely<{
      users: {
        id: string;
        first_name: string | null;
        surname: string | null;
        first_name_search: string | null;
        surname_search: string | null;
      };
    }>;
    let after = '';
    for (;;) {
      const rows = await users
        .selectFrom('users')
        .select(['id', 'first_name', 'surname'])
        .where('id', '>', after)
        .where((eb) => eb.or([eb('first_name', 'is not', null), eb('surname', 'is not', null)]))
        .orderBy('id')
        .limit(BACKFILL_BATCH)
        .execute();
      for (const row of rows) {
        await users
          .updateTable('users')
          .set({ first_name_search: searchKey(row.first_name), surname_search: searchKey(row.surname) })
          .where('id', '=', row.id)
          .execute();
      }
      if (rows.length < BACKFILL_BATCH) break;
      after = rows.at(-1)!.id;
    }

    const c = dialect === 'postgres' ? sql` collate "C"` : sql``;
    await sql`create index users_first_name_search on users (organisation_id, first_name_search${c})`.execute(db);
    await sql`create index users_surname_search on users (organisation_id, surname_search${c})`.execute(db);
    // SQLite's unique (organisation_id, email) index is already in byte order; PostgreSQL's follows the
    // database collation, so it gets a byte-order twin for email prefixes and the list's order.
    if (dialect === 'postgres') await sql`create index users_email_search on users (organisation_id, email collate "C")`.execute(db);
  },
});
