import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Passkeys (WebAuthn): the credentials of each user, and the challenges handed to a browser (only their
 * SHA-256 is kept, each bound to a session or a sign-in and taken once).
 */
export const passkeys: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webauthn_credentials')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The authenticator's credential id (base64url), unique within the organisation (its RP id).
      .addColumn('credential_id', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('device_type', 'text', (c) => c.notNull())
      .addColumn('backed_up', 'boolean', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('webauthn_credentials_credential')
      .on('webauthn_credentials')
      .columns(['organisation_id', 'credential_id'])
      .unique()
      .execute();
    await db.schema.createIndex('webauthn_credentials_user').on('webauthn_credentials').columns(['organisation_id', 'user_id']).execute();

    await db.schema
      .createTable('webauthn_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 'register' (bound to a session id) or 'sign-in' (bound to a sign-in state id).
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('binding', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webauthn_challenges_expiry').on('webauthn_challenges').column('expires_at').execute();
  },
});
