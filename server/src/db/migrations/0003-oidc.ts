import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/** Applications (OIDC clients), per-user access, policy acceptances, signing keys, provider storage and events. */
export const oidc: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    // Bumped whenever an organisation's clients, keys or provider settings change: every process
    // rebuilds its cached provider for the organisation when it sees a higher revision.
    await db.schema
      .alterTable('organisations')
      .addColumn('oidc_revision', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('clients')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('client_type', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('redirect_uris', 'text', (c) => c.notNull())
      .addColumn('post_logout_redirect_uris', 'text', (c) => c.notNull())
      .addColumn('logo_id', 'text')
      .addColumn('landing_url', 'text')
      .addColumn('policy_url', 'text')
      .addColumn('can_invite', 'boolean', (c) => c.notNull())
      .addColumn('scim_enabled', 'boolean', (c) => c.notNull())
      .addColumn('allows_unverified_access', 'boolean', (c) => c.notNull())
      .addColumn('id_token_signing_alg', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('clients_organisation').on('clients').columns(['organisation_id', 'name']).execute();

    await db.schema
      .createTable('user_client_access')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_client_access_pk', ['organisation_id', 'user_id', 'client_id'])
      .execute();
    await db.schema.createIndex('user_client_access_client').on('user_client_access').columns(['organisation_id', 'client_id']).execute();

    await db.schema
      .createTable('client_policy_acceptances')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('policy_url', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('client_policy_acceptances_pk', ['organisation_id', 'user_id', 'client_id'])
      .execute();

    await db.schema
      .createTable('oidc_keys')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('kid', 'text', (c) => c.notNull())
      .addColumn('alg', 'text', (c) => c.notNull())
      .addColumn('encrypted_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('retired_at', 'bigint')
      .addPrimaryKeyConstraint('oidc_keys_pk', ['organisation_id', 'kid'])
      .execute();

    // The provider's storage: one row per artefact (session, interaction, grant, code, token), keyed by
    // the SHA-256 of its id, so a leaked table holds no usable token.
    await db.schema
      .createTable('oidc_artefacts')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('account_id', 'text')
      .addColumn('client_id', 'text')
      .addColumn('uid', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .addColumn('consumed_at', 'bigint')
      .addPrimaryKeyConstraint('oidc_artefacts_pk', ['organisation_id', 'model', 'id'])
      .execute();
    // Secondary indexes cost every insert, so each covers only the rows that need it: grants' members
    // (revocation), accounts' artefacts (revokeUserGrants), sessions by uid; expiry for the clean-up.
    // Deleting an application's artefacts scans its organisation's rows instead (a rare admin action).
    await db.schema
      .createIndex('oidc_artefacts_grant')
      .on('oidc_artefacts')
      .columns(['organisation_id', 'grant_id'])
      .where('grant_id', 'is not', null)
      .execute();
    await db.schema
      .createIndex('oidc_artefacts_account')
      .on('oidc_artefacts')
      .columns(['organisation_id', 'account_id'])
      .where('account_id', 'is not', null)
      .execute();
    await db.schema
      .createIndex('oidc_artefacts_uid')
      .on('oidc_artefacts')
      .columns(['organisation_id', 'model', 'uid'])
      .where('uid', 'is not', null)
      .execute();
    await db.schema.createIndex('oidc_artefacts_expiry').on('oidc_artefacts').column('expires_at').execute();

    // What the metrics count over 24 hours: sign-ins started at an application and how they ended,
    // authorization codes issued and redeemed.
    await db.schema
      .createTable('oidc_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text')
      .addColumn('subject', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oidc_events_count').on('oidc_events').columns(['organisation_id', 'kind', 'created_at']).execute();
    await db.schema.createIndex('oidc_events_once').unique().on('oidc_events').columns(['organisation_id', 'kind', 'subject']).execute();
  },
});
