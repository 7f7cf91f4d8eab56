import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Sign-in connections to upstream identity providers (connections/). A connection belongs to
 * one organisation; its client secret is sealed under KEY_ENCRYPTION_KEY (crypto/sealed-columns.ts).
 * `connection_links` says which upstream subject is which user, and `connection_flows` holds a sign-in
 * sent upstream (state, nonce, PKCE verifier) for minutes, found by the SHA-256 of the browser's cookie.
 */
export const signInConnections: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sign_in_connections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      /** 'oidc' (room for 'saml'). */
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      /** 'entra', 'google', 'okta' or 'custom': which preset filled it, for the screen. */
      .addColumn('preset', 'text', (c) => c.notNull())
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('upstream_client_id', 'text', (c) => c.notNull())
      .addColumn('client_secret_sealed', 'text')
      .addColumn('scopes', 'text', (c) => c.notNull())
      /** JSON: the upstream claim names of email, first name, surname and groups. */
      .addColumn('claim_mapping', 'text', (c) => c.notNull())
      /** JSON array of lower-case email domains the connection serves (home-realm discovery). */
      .addColumn('email_domains', 'text', (c) => c.notNull())
      .addColumn('show_button', 'boolean', (c) => c.notNull())
      .addColumn('jit_enabled', 'boolean', (c) => c.notNull())
      /** JSON array: the domains just-in-time creation is for (a subset of email_domains; empty for all of them). */
      .addColumn('jit_domains', 'text', (c) => c.notNull())
      .addColumn('link_existing', 'boolean', (c) => c.notNull())
      .addColumn('trust_mfa', 'boolean', (c) => c.notNull())
      .addColumn('enabled', 'boolean', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sign_in_connections_organisation').on('sign_in_connections').column('organisation_id').execute();

    await db.schema
      .createTable('connection_links')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('connection_id', 'text', (c) => c.notNull().references('sign_in_connections.id').onDelete('cascade'))
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('connection_links_pk', ['organisation_id', 'connection_id', 'subject'])
      .execute();
    await db.schema.createIndex('connection_links_user').on('connection_links').columns(['organisation_id', 'user_id']).execute();

    await db.schema
      .createTable('connection_flows')
      /** SHA-256 of the random token in the browser's cookie. */
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('connection_id', 'text', (c) => c.notNull().references('sign_in_connections.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      /** Where the sign-in continues: an application's redirect URL or a page of ours; null for the dashboard. */
      .addColumn('return_url', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('connection_flows_expiry').on('connection_flows').column('expires_at').execute();
  },
});
