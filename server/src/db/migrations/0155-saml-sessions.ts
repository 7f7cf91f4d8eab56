import { type Kysely, sql } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * What single logout and persistent NameIDs of SAML applications (saml-apps/) keep:
 * - `saml_idp_secrets`: the organisation's secret persistent NameIDs are made from, sealed under
 *   KEY_ENCRYPTION_KEY (crypto/sealed-columns.ts), so a rotation of that key leaves them the same.
 *   Until this version they were derived from KEY_ENCRYPTION_KEY itself: each organisation that already
 *   had a SAML application gets a row without a secret here, and the server's start (or the first
 *   persistent NameID, whichever comes first) derives that same value once and seals it
 *   (saml-apps/name-ids.ts). Organisations without such a row get a random secret at their first use.
 * - `saml_session_applications`: the SAML applications a Gatehouse session signed in to, with the
 *   NameID and SessionIndex each was told: a LogoutRequest names the session by them, and signing out
 *   of Gatehouse sends each a LogoutRequest.
 * - `saml_logout_flows`: a browser's sign-out going from application to application (front-channel).
 */
export const samlSessions: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('saml_idp_secrets')
      .addColumn('organisation_id', 'text', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
      /** Sealed; null: to be derived once from KEY_ENCRYPTION_KEY as before (an organisation from before). */
      .addColumn('name_id_secret_sealed', 'text')
      .execute();
    await sql`insert into saml_idp_secrets (organisation_id, name_id_secret_sealed)
      select distinct organisation_id, null from saml_applications`.execute(db);

    await db.schema
      .createTable('saml_session_applications')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      /** sessions.id (the hash of the session cookie's token). */
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('name_id', 'text', (c) => c.notNull())
      .addColumn('name_id_format', 'text', (c) => c.notNull())
      .addColumn('session_index', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('saml_session_applications_pk', ['organisation_id', 'session_id', 'client_id'])
      .execute();
    await db.schema
      .createIndex('saml_session_applications_index')
      .on('saml_session_applications')
      .columns(['organisation_id', 'client_id', 'session_index'])
      .execute();
    await db.schema.createIndex('saml_session_applications_expiry').on('saml_session_applications').column('expires_at').execute();

    await db.schema
      .createTable('saml_logout_flows')
      /** SHA-256 of the random token and the browser's binding cookie. */
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      /** JSON array of { clientId, nameId, nameIdFormat, sessionIndex } still to be told. */
      .addColumn('pending', 'text', (c) => c.notNull())
      /** The ID of the LogoutRequest sent last, whose LogoutResponse moves the flow on. */
      .addColumn('request_id', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('saml_logout_flows_request').on('saml_logout_flows').columns(['organisation_id', 'request_id']).execute();
    await db.schema.createIndex('saml_logout_flows_expiry').on('saml_logout_flows').column('expires_at').execute();
  },
});
