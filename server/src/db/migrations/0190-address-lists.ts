import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * The organisation's address lists: one row per address or CIDR range (canonical text, as
 * common/src/address-ranges.ts writes it), either always allowed or always refused.
 */
export const addressLists: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('address_list_entries')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('list', 'text', (c) => c.notNull())
      .addColumn('range', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('address_list_entries_pk', ['organisation_id', 'list', 'range'])
      .execute();
  },
});
