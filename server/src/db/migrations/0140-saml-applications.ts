import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * SAML applications (saml-apps/): Gatehouse as the identity provider. A SAML application is a row of
 * `clients` (client_type 'saml', so access lists, policy acceptance and dashboard tiles are the same as
 * for OpenID applications; the provider never loads it) with its service provider's settings here.
 * `saml_sign_in_flows` holds an AuthnRequest being answered while the browser signs in;
 * `saml_request_ids` remembers each accepted AuthnRequest ID until it expires: a replay is refused.
 */
export const samlApplications: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('saml_applications')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('entity_id', 'text', (c) => c.notNull())
      /** JSON array of { url, binding, index, isDefault }. */
      .addColumn('acs', 'text', (c) => c.notNull())
      .addColumn('slo_url', 'text')
      /** Base64 DER. */
      .addColumn('signing_certificate', 'text')
      .addColumn('encryption_certificate', 'text')
      .addColumn('require_signed_requests', 'boolean', (c) => c.notNull())
      .addColumn('signing', 'text', (c) => c.notNull())
      .addColumn('encrypt_assertions', 'boolean', (c) => c.notNull())
      .addColumn('name_id_format', 'text', (c) => c.notNull())
      /** JSON object: source -> attribute name. */
      .addColumn('attributes', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('saml_applications_pk', ['organisation_id', 'client_id'])
      .addUniqueConstraint('saml_applications_entity', ['organisation_id', 'entity_id'])
      .execute();

    await db.schema
      .createTable('saml_sign_in_flows')
      /** SHA-256 of the random token in the continue address. */
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      /** The AuthnRequest's ID; null for a sign-in started from Gatehouse (IdP-initiated). */
      .addColumn('request_id', 'text')
      .addColumn('acs_url', 'text', (c) => c.notNull())
      .addColumn('relay_state', 'text')
      .addColumn('force_authn', 'boolean', (c) => c.notNull())
      .addColumn('is_passive', 'boolean', (c) => c.notNull())
      /** JSON { comparison, classes } of the RequestedAuthnContext; null when none was asked for. */
      .addColumn('requested_context', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('saml_sign_in_flows_expiry').on('saml_sign_in_flows').column('expires_at').execute();

    await db.schema
      .createTable('saml_request_ids')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('request_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('saml_request_ids_pk', ['organisation_id', 'client_id', 'request_id'])
      .execute();
    await db.schema.createIndex('saml_request_ids_expiry').on('saml_request_ids').column('expires_at').execute();
  },
});
