import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * The new-browser notice: the organisation's sign-in policy setting (off by default), and the browsers
 * each person has signed in from (`known_browsers`: the SHA-256 of the random id in the browser's
 * long-lived signed cookie, never a fingerprint), so a sign-in from one not seen before can be told.
 */
export const newBrowserNotice: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('organisations')
      .addColumn('new_browser_notice', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema
      .createTable('known_browsers')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('known_browsers_pkey', ['organisation_id', 'user_id', 'id'])
      .execute();
  },
});
