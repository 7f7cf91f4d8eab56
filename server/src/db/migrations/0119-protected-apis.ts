import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Protected APIs: an organisation's resource servers (RFC 8707), each named by its identifier
 * (the audience of its JWT access tokens) with its scopes, and which scopes of which API each application
 * may ask for. The built-in management API has no row of its own: its grants name the API `management`.
 */
export const protectedApis: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('apis')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('identifier', 'text', (c) => c.notNull())
      /** JSON array of {value, description}. */
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('access_token_ttl', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('apis_identifier').on('apis').columns(['organisation_id', 'identifier']).unique().execute();
    await db.schema
      .createTable('api_grants')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      /** An `apis` row's id, or `management` for the built-in management API. */
      .addColumn('api_id', 'text', (c) => c.notNull())
      /** Space-separated scopes, as tokens carry them. */
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('api_grants_pk', ['client_id', 'api_id'])
      .execute();
    await db.schema.createIndex('api_grants_api').on('api_grants').columns(['organisation_id', 'api_id']).execute();
  },
});
