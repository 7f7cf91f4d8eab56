import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * SCIM provisioning (scim/): each application's SCIM token, kept only as its SHA-256 (the token is 256
 * random bits, shown once), found by that hash on every SCIM call; and the provisioning client's
 * externalId of a user, filterable per organisation.
 */
export const scim: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('clients').addColumn('scim_token_hash', 'text').execute();
    await db.schema.alterTable('clients').addColumn('scim_token_created_at', 'bigint').execute();
    await db.schema.createIndex('clients_scim_token').on('clients').column('scim_token_hash').unique().execute();
    await db.schema.alterTable('users').addColumn('external_id', 'text').execute();
    await db.schema.createIndex('users_external_id').on('users').columns(['organisation_id', 'external_id']).execute();
  },
});
