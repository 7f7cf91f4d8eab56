import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Passwordless sign-in with a passkey: the organisation's sign-in policy setting (off by
 * default), and the challenges of sign-ins that start without an email. Those belong to no user yet:
 * each is bound to the browser that asked (the SHA-256 of a random cookie), lives minutes and is taken once.
 */
export const passwordless: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('organisations')
      .addColumn('allow_passwordless', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema
      .createTable('webauthn_passwordless_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('binding', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webauthn_passwordless_challenges_expiry')
      .on('webauthn_passwordless_challenges')
      .column('expires_at')
      .execute();
  },
});
