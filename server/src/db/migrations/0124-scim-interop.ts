import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * SCIM as Entra ID and Okta use it: the userName in the case the identity provider gave it
 * (the lower-cased `email` stays the unique, compared copy), whether the provider said the phone number
 * is primary (null: not said, shown as primary), and the application that provisions the user, whose
 * fields the admin screens then show read-only.
 */
export const scimInterop: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('scim_user_name', 'text').execute();
    await db.schema.alterTable('users').addColumn('scim_phone_primary', 'boolean').execute();
    await db.schema.alterTable('users').addColumn('scim_client_id', 'text').execute();
  },
});
