/** Queries on roles, their permissions and who has them, each through the organisation's scoped store (db/scoped.ts). */
import { sql } from 'kysely';

import type { RoleRow } from '../db/schema.ts';
import type { ScopedExecutor, Unstamped } from '../db/scoped.ts';

export interface PermissionRow {
  role_id: string;
  api_id: string;
  scope: string;
  identifier: string;
}

/** Roles with how many people have them directly and how many groups give them. */
function rolesWithCounts(db: ScopedExecutor) {
  return db
    .selectFrom('roles')
    .selectAll('roles')
    .select((eb) => [
      eb
        .selectFrom('user_roles')
        .whereRef('user_roles.role_id', '=', 'roles.id')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .as('user_count'),
      eb
        .selectFrom('group_roles')
        .whereRef('group_roles.role_id', '=', 'roles.id')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .as('group_count'),
    ]);
}

export type RoleListRow = RoleRow & { user_count: number | string | null; group_count: number | string | null };

export function listRoleRows(db: ScopedExecutor, limit: number): Promise<RoleListRow[]> {
  return rolesWithCounts(db).orderBy('roles.name_key').orderBy('roles.id').limit(limit).execute();
}

export function findRoleRow(db: ScopedExecutor, id: string): Promise<RoleListRow | undefined> {
  return rolesWithCounts(db).where('roles.id', '=', id).executeTakeFirst();
}

export async function countRoles(db: ScopedExecutor): Promise<number> {
  const row = await db
    .selectFrom('roles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The permissions of the given roles (all of them without `roleIds`), with their API's identifier. */
export function permissionRows(db: ScopedExecutor, roleIds?: readonly string[]): Promise<PermissionRow[]> {
  if (roleIds && roleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('role_permissions')
    .innerJoin('apis', 'apis.id', 'role_permissions.api_id')
    .$if(roleIds !== undefined, (q) => q.where('role_permissions.role_id', 'in', roleIds!))
    .select(['role_permissions.role_id', 'role_permissions.api_id', 'role_permissions.scope', 'apis.identifier'])
    .orderBy('apis.identifier')
    .orderBy('role_permissions.scope')
    .execute();
}

export async function insertRole(db: ScopedExecutor, row: Unstamped<RoleRow>): Promise<void> {
  await db.insertInto('roles').values(row).execute();
}

export async function updateRoleRow(
  db: ScopedExecutor,
  id: string,
  changes: Partial<Pick<RoleRow, 'name' | 'name_key' | 'description' | 'is_default'>>,
  now: number,
): Promise<void> {
  await db
    .updateTable('roles')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Replaces a role's permissions. */
export async function putPermissions(
  db: ScopedExecutor,
  roleId: string,
  permissions: readonly { apiId: string; scope: string }[],
): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (permissions.length > 0)
    await db
      .insertInto('role_permissions')
      .values(permissions.map((p) => ({ role_id: roleId, api_id: p.apiId, scope: p.scope })))
      .execute();
}

export async function deleteRoleRow(db: ScopedExecutor, id: string): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', id).execute();
  await db.deleteFrom('user_roles').where('role_id', '=', id).execute();
  await db.deleteFrom('group_roles').where('role_id', '=', id).execute();
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

/** The ids, identifiers and scopes of the organisation's APIs (what a permission may name). */
/** Each registered API's id and its scopes' values (the column holds `{ value, description }` as JSON). */
export async function apiScopeValues(db: ScopedExecutor): Promise<{ id: string; scopes: string[] }[]> {
  const rows = await db.selectFrom('apis').select(['id', 'scopes']).execute();
  return rows.map((row) => ({ id: row.id, scopes: (JSON.parse(row.scopes) as { value: string }[]).map((s) => s.value) }));
}

export async function hasUserRole(db: ScopedExecutor, roleId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('role_id', '=', roleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUserRole(db: ScopedExecutor, roleId: string, userId: string, now: number): Promise<void> {
  await db.insertInto('user_roles').values({ role_id: roleId, user_id: userId, added_at: now }).execute();
}

export async function deleteUserRole(db: ScopedExecutor, roleId: string, userId: string): Promise<number> {
  const result = await db.deleteFrom('user_roles').where('role_id', '=', roleId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function groupRoleRows(db: ScopedExecutor, groupId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('group_roles')
    .innerJoin('roles', 'roles.id', 'group_roles.role_id')
    .where('group_roles.group_id', '=', groupId)
    .select(['roles.id', 'roles.name'])
    .orderBy('roles.name_key')
    .execute();
}

export async function hasGroupRole(db: ScopedExecutor, roleId: string, groupId: string): Promise<boolean> {
  const row = await db
    .selectFrom('group_roles')
    .select('group_id')
    .where('role_id', '=', roleId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertGroupRole(db: ScopedExecutor, roleId: string, groupId: string, now: number): Promise<void> {
  await db.insertInto('group_roles').values({ role_id: roleId, group_id: groupId, added_at: now }).execute();
}

export async function deleteGroupRole(db: ScopedExecutor, roleId: string, groupId: string): Promise<number> {
  const result = await db.deleteFrom('group_roles').where('role_id', '=', roleId).where('group_id', '=', groupId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Gives a new person the organisation's default roles (accounts/store.ts insertUser). */
export async function giveDefaultRoles(db: ScopedExecutor, userId: string, now: number): Promise<void> {
  const defaults = await db.selectFrom('roles').select('id').where('is_default', '=', true).execute();
  if (defaults.length > 0)
    await db
      .insertInto('user_roles')
      .values(defaults.map((role) => ({ role_id: role.id, user_id: userId, added_at: now })))
      .execute();
}

/**
 * A person's roles, one row per way they have each: directly (group null) or through a group they are
 * in. One query, for their page and for tokens.
 */
export async function roleSourcesOf(
  db: ScopedExecutor,
  userId: string,
): Promise<{ id: string; name: string; name_key: string; group_id: string | null; group_name: string | null }[]> {
  const direct = db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .where('user_roles.user_id', '=', userId)
    .select([
      'roles.id',
      'roles.name',
      'roles.name_key',
      sql<string | null>`null`.as('group_id'),
      sql<string | null>`null`.as('group_name'),
    ]);
  const viaGroups = db
    .selectFrom('group_members')
    .innerJoin('group_roles', 'group_roles.group_id', 'group_members.group_id')
    .innerJoin('roles', 'roles.id', 'group_roles.role_id')
    .innerJoin('groups', 'groups.id', 'group_members.group_id')
    .where('group_members.user_id', '=', userId)
    .select(['roles.id', 'roles.name', 'roles.name_key', 'groups.id as group_id', 'groups.name as group_name']);
  const rows = await direct.unionAll(viaGroups).execute();
  return rows.sort((a, b) => a.name_key.localeCompare(b.name_key) || (a.group_name ?? '').localeCompare(b.group_name ?? ''));
}

/** The scopes of one API the person holds through their roles (direct or through a group): one query at token issue. */
export async function heldScopes(db: ScopedExecutor, userId: string, apiIdentifier: string): Promise<Set<string>> {
  const roleIds = db
    .selectFrom('user_roles')
    .select('user_roles.role_id')
    .where('user_roles.user_id', '=', userId)
    .union(
      db
        .selectFrom('group_members')
        .innerJoin('group_roles', 'group_roles.group_id', 'group_members.group_id')
        .select('group_roles.role_id')
        .where('group_members.user_id', '=', userId),
    );
  const rows = await db
    .selectFrom('role_permissions')
    .innerJoin('apis', 'apis.id', 'role_permissions.api_id')
    .where('apis.identifier', '=', apiIdentifier)
    .where('role_permissions.role_id', 'in', roleIds)
    .select('role_permissions.scope')
    .distinct()
    .execute();
  return new Set(rows.map((row) => row.scope));
}

/** The names of a person's roles (directly or through a group), by name: what tokens carry, in one query. */
export async function roleNamesOf(db: ScopedExecutor, userId: string): Promise<string[]> {
  const rows = await roleSourcesOf(db, userId);
  return [...new Set(rows.map((row) => row.name))];
}

/** Takes from every role the scopes of an API that the API no longer has. */
export async function dropRemovedPermissions(db: ScopedExecutor, apiId: string, kept: readonly string[]): Promise<void> {
  await db
    .deleteFrom('role_permissions')
    .where('api_id', '=', apiId)
    .$if(kept.length > 0, (q) => q.where('scope', 'not in', kept))
    .execute();
}
