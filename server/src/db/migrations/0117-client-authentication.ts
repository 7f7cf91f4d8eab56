import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Client authentication and token lifetimes per application: the registered token endpoint
 * authentication method (the only one accepted), a JWKS or JWKS URI for private_key_jwt, the secret
 * sealed under KEY_ENCRYPTION_KEY for client_secret_jwt only (HMAC needs the secret itself; every other
 * method keeps only its hash), and the access, ID and refresh token lifetimes in seconds.
 */
export const clientAuthentication: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('clients')
      .addColumn('token_endpoint_auth_method', 'text', (c) => c.notNull().defaultTo('client_secret_basic'))
      .execute();
    await db.schema.alterTable('clients').addColumn('jwks', 'text').execute();
    await db.schema.alterTable('clients').addColumn('jwks_uri', 'text').execute();
    await db.schema.alterTable('clients').addColumn('secret_sealed', 'text').execute();
    await db.schema
      .alterTable('clients')
      .addColumn('access_token_ttl', 'integer', (c) => c.notNull().defaultTo(15 * 60))
      .execute();
    await db.schema
      .alterTable('clients')
      .addColumn('id_token_ttl', 'integer', (c) => c.notNull().defaultTo(60 * 60))
      .execute();
    await db.schema
      .alterTable('clients')
      .addColumn('refresh_token_ttl', 'integer', (c) => c.notNull().defaultTo(14 * 24 * 60 * 60))
      .execute();
    await db.schema
      .alterTable('clients')
      .addColumn('refresh_without_consent', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
});
