import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * Roles of an organisation and the permissions they hold (docs/authorization.md):
 * - `roles`: a name unique without case in the organisation (`name_key`), a description, and
 *   `is_default`: given to every person added to the organisation from then on.
 * - `role_permissions`: the scopes of the organisation's registered APIs a role holds; gone with the API.
 * - `user_roles`, `group_roles`: roles given to a person directly, or to every member of a group.
 * - `clients.roles_claim` (null: `roles`) and `clients.roles_always`, as for groups (migration 0165).
 */
export const roles: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('roles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('roles_name_key').on('roles').columns(['organisation_id', 'name_key']).unique().execute();
    await db.schema
      .createTable('role_permissions')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('api_id', 'text', (c) => c.notNull().references('apis.id').onDelete('cascade'))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('role_permissions_pk', ['organisation_id', 'role_id', 'api_id', 'scope'])
      .execute();
    await db.schema
      .createTable('user_roles')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('added_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_roles_pk', ['organisation_id', 'role_id', 'user_id'])
      .execute();
    await db.schema.createIndex('user_roles_user').on('user_roles').columns(['organisation_id', 'user_id']).execute();
    await db.schema
      .createTable('group_roles')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('added_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('group_roles_pk', ['organisation_id', 'role_id', 'group_id'])
      .execute();
    await db.schema.createIndex('group_roles_group').on('group_roles').columns(['organisation_id', 'group_id']).execute();
    await db.schema.alterTable('clients').addColumn('roles_claim', 'text').execute();
    await db.schema
      .alterTable('clients')
      .addColumn('roles_always', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  },
});
