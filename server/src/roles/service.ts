/**
 * Roles of an organisation's people: made, changed and deleted by Organisation Admins (or the
 * management API), each holding permissions that are scopes of the organisation's registered APIs,
 * given to people directly or through a group (and to every new person when default). Every change is
 * one transaction with its event (the audit log, webhooks).
 */
import { randomUUID } from 'node:crypto';

import { ROLE_LIMITS, ROLE_MESSAGES } from '@gatehouse/common/roles';
import type { EffectiveAccess, EffectiveRole, Role, roleRequest } from '@gatehouse/common/schemas/roles';
import type { z } from 'zod';

import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import { emit } from '../events/events.ts';
import { findGroup, groupsOfPerson } from '../groups/service.ts';
import { usersByIds } from '../groups/store.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import {
  apiScopeValues,
  countRoles,
  deleteGroupRole,
  deleteRoleRow,
  deleteUserRole,
  findRoleRow,
  groupRoleRows,
  hasGroupRole,
  hasUserRole,
  insertGroupRole,
  insertRole,
  insertUserRole,
  listRoleRows,
  type PermissionRow,
  permissionRows,
  putPermissions,
  type RoleListRow,
  roleSourcesOf,
  updateRoleRow,
} from './store.ts';

type RoleInput = z.output<typeof roleRequest>;

/** The name a role is unique by: without case, as people read names. */
export const nameKeyOf = (name: string): string => name.normalize('NFC').toLowerCase();

function roleView(row: RoleListRow, permissions: readonly PermissionRow[]): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: permissions.filter((p) => p.role_id === row.id).map((p) => ({ apiId: p.api_id, api: p.identifier, scope: p.scope })),
    isDefault: Boolean(row.is_default),
    userCount: Number(row.user_count ?? 0),
    groupCount: Number(row.group_count ?? 0),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function listRoles(scope: Scope): Promise<Role[]> {
  const [rows, permissions] = await Promise.all([listRoleRows(scope.db, ROLE_LIMITS.rolesMax), permissionRows(scope.db)]);
  return rows.map((row) => roleView(row, permissions));
}

/** The role, or NOT_FOUND (another organisation's id finds nothing). */
async function findRole(scope: Scope, id: string): Promise<RoleListRow> {
  const row = await findRoleRow(scope.db, id);
  if (!row) throw new AppError('NOT_FOUND', { message: ROLE_MESSAGES.roleNotFound });
  return row;
}

export async function getRole(scope: Scope, id: string): Promise<Role> {
  const row = await findRole(scope, id);
  return roleView(row, await permissionRows(scope.db, [row.id]));
}

/**
 * The permissions asked for, each a scope of one of this organisation's APIs (an API of another
 * organisation is no API here: VALIDATION_FAILED on `permissions`), without repeats.
 */
async function checkedPermissions(scope: Scope, asked: RoleInput['permissions']): Promise<{ apiId: string; scope: string }[]> {
  const apis = new Map((await apiScopeValues(scope.db)).map((api) => [api.id, new Set(api.scopes)]));
  const seen = new Map<string, { apiId: string; scope: string }>();
  for (const [index, p] of asked.entries()) {
    if (!apis.get(p.apiId)?.has(p.scope)) throw fieldError(`permissions.${index}`, ROLE_MESSAGES.unknownPermission);
    seen.set(`${p.apiId} ${p.scope}`, { apiId: p.apiId, scope: p.scope });
  }
  return [...seen.values()];
}

const nameTaken = () => fieldError('name', ROLE_MESSAGES.nameTaken, 'CONFLICT');
const permissionNames = (permissions: readonly { apiId: string; scope: string }[]) => permissions.map((p) => `${p.apiId} ${p.scope}`);

export async function createRole(ctx: AppContext, scope: Scope, input: RoleInput): Promise<Role> {
  if ((await countRoles(scope.db)) >= ROLE_LIMITS.rolesMax) throw new AppError('CONFLICT', { message: ROLE_MESSAGES.tooMany });
  const permissions = await checkedPermissions(scope, input.permissions);
  const now = ctx.clock.now();
  const id = randomUUID();
  try {
    await scope.transaction(async (tx) => {
      await insertRole(tx.db, {
        id,
        name: input.name,
        name_key: nameKeyOf(input.name),
        description: input.description,
        is_default: input.isDefault,
        created_at: now,
        updated_at: now,
      });
      await putPermissions(tx.db, id, permissions);
      await emit(ctx, tx.db, tx, {
        type: 'role.created',
        subject: { kind: 'role', id },
        details: { name: input.name, permissions: permissionNames(permissions), isDefault: input.isDefault },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return getRole(scope, id);
}

export async function updateRole(ctx: AppContext, scope: Scope, id: string, input: RoleInput): Promise<Role> {
  const row = await findRole(scope, id);
  const before = await permissionRows(scope.db, [id]);
  const permissions = await checkedPermissions(scope, input.permissions);
  const was = new Set(before.map((p) => `${p.api_id} ${p.scope}`));
  const now = new Set(permissionNames(permissions));
  const details: Record<string, unknown> = {};
  if (input.name !== row.name) details.name = { from: row.name, to: input.name };
  if (input.description !== row.description) details.description = { from: row.description, to: input.description };
  if (input.isDefault !== Boolean(row.is_default)) details.isDefault = { from: Boolean(row.is_default), to: input.isDefault };
  const added = [...now].filter((p) => !was.has(p));
  const removed = [...was].filter((p) => !now.has(p));
  if (added.length > 0 || removed.length > 0) details.permissions = { added, removed };
  if (Object.keys(details).length === 0) return roleView(row, before);
  try {
    await scope.transaction(async (tx) => {
      await updateRoleRow(
        tx.db,
        id,
        { name: input.name, name_key: nameKeyOf(input.name), description: input.description, is_default: input.isDefault },
        ctx.clock.now(),
      );
      if (details.permissions) await putPermissions(tx.db, id, permissions);
      await emit(ctx, tx.db, tx, { type: 'role.updated', subject: { kind: 'role', id }, details: { role: input.name, ...details } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return getRole(scope, id);
}

export async function deleteRole(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  const row = await findRole(scope, id);
  await scope.transaction(async (tx) => {
    await deleteRoleRow(tx.db, id);
    await emit(ctx, tx.db, tx, { type: 'role.deleted', subject: { kind: 'role', id }, details: { name: row.name } });
  });
}

/** A person's effective roles (each with where it comes from) and groups: their page, one query each. */
export async function accessOf(scope: Scope, userId: string): Promise<EffectiveAccess> {
  const groups = await groupsOfPerson(scope, userId);
  const roles = new Map<string, EffectiveRole>();
  for (const row of await roleSourcesOf(scope.db, userId)) {
    const role = roles.get(row.id) ?? { id: row.id, name: row.name, sources: [] };
    role.sources.push(row.group_id === null ? { kind: 'direct' } : { kind: 'group', groupId: row.group_id, group: row.group_name ?? '' });
    roles.set(row.id, role);
  }
  return { roles: [...roles.values()], groups: groups as EffectiveAccess['groups'] };
}

async function findUser(scope: Scope, userId: string): Promise<{ id: string; email: string }> {
  const [user] = await usersByIds(scope.db, [userId]);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

export async function giveToUser(ctx: AppContext, scope: Scope, userId: string, roleId: string): Promise<EffectiveAccess> {
  const user = await findUser(scope, userId);
  const role = await findRole(scope, roleId);
  await scope.transaction(async (tx) => {
    if (await hasUserRole(tx.db, roleId, userId)) return;
    await insertUserRole(tx.db, roleId, userId, ctx.clock.now());
    await emit(ctx, tx.db, tx, {
      type: 'role.assigned',
      subject: { kind: 'user', id: userId },
      details: { role: role.name, to: { kind: 'user', id: userId, name: user.email } },
    });
  });
  return accessOf(scope, userId);
}

export async function takeFromUser(ctx: AppContext, scope: Scope, userId: string, roleId: string): Promise<void> {
  const user = await findUser(scope, userId);
  const role = await findRole(scope, roleId);
  await scope.transaction(async (tx) => {
    if ((await deleteUserRole(tx.db, roleId, userId)) === 0) return;
    await emit(ctx, tx.db, tx, {
      type: 'role.unassigned',
      subject: { kind: 'user', id: userId },
      details: { role: role.name, to: { kind: 'user', id: userId, name: user.email } },
    });
  });
}

export async function rolesOfGroup(scope: Scope, groupId: string): Promise<{ id: string; name: string }[]> {
  await findGroup(scope, groupId);
  return groupRoleRows(scope.db, groupId);
}

export async function giveToGroup(ctx: AppContext, scope: Scope, groupId: string, roleId: string): Promise<{ id: string; name: string }[]> {
  const group = await findGroup(scope, groupId);
  const role = await findRole(scope, roleId);
  await scope.transaction(async (tx) => {
    if (await hasGroupRole(tx.db, roleId, groupId)) return;
    await insertGroupRole(tx.db, roleId, groupId, ctx.clock.now());
    await emit(ctx, tx.db, tx, {
      type: 'role.assigned',
      subject: { kind: 'group', id: groupId },
      details: { role: role.name, to: { kind: 'group', id: groupId, name: group.name } },
    });
  });
  return groupRoleRows(scope.db, groupId);
}

export async function takeFromGroup(ctx: AppContext, scope: Scope, groupId: string, roleId: string): Promise<void> {
  const group = await findGroup(scope, groupId);
  const role = await findRole(scope, roleId);
  await scope.transaction(async (tx) => {
    if ((await deleteGroupRole(tx.db, roleId, groupId)) === 0) return;
    await emit(ctx, tx.db, tx, {
      type: 'role.unassigned',
      subject: { kind: 'group', id: groupId },
      details: { role: role.name, to: { kind: 'group', id: groupId, name: group.name } },
    });
  });
}
