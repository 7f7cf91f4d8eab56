import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Groups of an organisation's people, and what an application is told of them:
 * - `groups`: a name unique without case in the organisation (`name_key`), the SCIM `externalId` and the
 *   application that provisions the group over SCIM (`scim_client_id`: read-only on the screens while
 *   set), and `version`, raised with every change of the group or its members (the SCIM ETag).
 * - `group_members`: who is in which group; gone with the group or the person.
 * - `clients.groups_claim`: the claim name an application reads groups from (null: `groups`), and
 *   `clients.groups_always`: the groups come without the application asking for the `groups` scope.
 */
export const groups: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('groups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('external_id', 'text')
      .addColumn('scim_client_id', 'text', (c) => c.references('clients.id').onDelete('set null'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('groups_name_key').on('groups').columns(['organisation_id', 'name_key']).unique().execute();
    await db.schema
      .createTable('group_members')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('added_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('group_members_pk', ['organisation_id', 'group_id', 'user_id'])
      .execute();
    await db.schema.createIndex('group_members_user').on('group_members').columns(['organisation_id', 'user_id']).execute();
    await db.schema.alterTable('clients').addColumn('groups_claim', 'text').execute();
    await db.schema
      .alterTable('clients')
      .addColumn('groups_always', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
});
