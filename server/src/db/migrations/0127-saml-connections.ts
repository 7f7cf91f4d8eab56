import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * SAML 2.0 connections (connections/saml.ts). A SAML connection is a row of
 * sign_in_connections (kind 'saml', the IdP's entityID as its issuer) with its IdP metadata here. The
 * identity provider posts its answer across sites, which carries no SameSite=Lax cookie, so the answer is
 * kept for a minute in `saml_responses` and read on the same-origin GET that follows (with the browser's
 * flow cookie). `saml_assertions` remembers each accepted assertion's ID until it expires: a replay is refused.
 */
export const samlConnections: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('saml_connections')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('connection_id', 'text', (c) => c.notNull().references('sign_in_connections.id').onDelete('cascade'))
      /** Where the IdP's metadata was read from; null when it was pasted. */
      .addColumn('metadata_url', 'text')
      .addColumn('metadata_xml', 'text', (c) => c.notNull())
      .addColumn('sso_url', 'text', (c) => c.notNull())
      /** JSON array of the IdP's signing certificates (base64 DER, as in the metadata). */
      .addColumn('idp_certificates', 'text', (c) => c.notNull())
      .addColumn('metadata_read_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('saml_connections_pk', ['organisation_id', 'connection_id'])
      .execute();

    await db.schema
      .createTable('saml_responses')
      /** SHA-256 of the random token in the address the browser is sent on to. */
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('connection_id', 'text', (c) => c.notNull().references('sign_in_connections.id').onDelete('cascade'))
      /** The SAMLResponse as posted (base64). */
      .addColumn('response', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('saml_responses_expiry').on('saml_responses').column('expires_at').execute();

    await db.schema
      .createTable('saml_assertions')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('assertion_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('saml_assertions_pk', ['organisation_id', 'assertion_id'])
      .execute();
    await db.schema.createIndex('saml_assertions_expiry').on('saml_assertions').column('expires_at').execute();
  },
});
