/**
 * Groups of an organisation's people: made, renamed and deleted by Organisation Admins (or the
 * management API), or provisioned over SCIM by an application, which then owns the group: the screens
 * and the management API leave it alone (FORBIDDEN, with the reason). Every change is one transaction
 * with its event (the audit log, webhooks) and raises the group's version (its SCIM ETag).
 */
import { randomUUID } from 'node:crypto';

import { GROUP_LIMITS, GROUP_MESSAGES } from '@gatehouse/common/groups';
import type { Group, GroupListPage, GroupMemberPage } from '@gatehouse/common/schemas/groups';
import type { userGroupSchema } from '@gatehouse/common/schemas/groups';
import type { z } from 'zod';

import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { GroupRow } from '../db/schema.ts';
import type { Unstamped } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import {
  countGroups,
  deleteGroupRow,
  deleteMembers,
  findGroupRow,
  type GroupListRow,
  groupsOfUser,
  insertGroup,
  insertMembers,
  listGroupRows,
  listMemberRows,
  membersAmong,
  updateGroupRow,
  userByEmail,
  usersByIds,
} from './store.ts';

/** The name a group is unique by: without case, as people read names. */
export const nameKeyOf = (name: string): string => name.normalize('NFC').toLowerCase();

function sourceOf(row: Pick<GroupListRow, 'scim_client_id' | 'scim_client_name' | 'scim_client_enabled'>): Group['source'] {
  return row.scim_client_id === null || !row.scim_client_enabled
    ? { kind: 'gatehouse' }
    : { kind: 'scim', applicationId: row.scim_client_id, application: row.scim_client_name ?? '' };
}

export function groupView(row: GroupListRow): Group {
  return {
    id: row.id,
    name: row.name,
    memberCount: Number(row.member_count ?? 0),
    source: sourceOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const pages = (total: number) => Math.max(1, Math.ceil(total / GROUP_LIMITS.pageSize));

export async function listGroups(scope: Scope, query: { page: number; search?: string | undefined }): Promise<GroupListPage> {
  const { rows, total } = await listGroupRows(scope.db, {
    search: query.search,
    offset: (query.page - 1) * GROUP_LIMITS.pageSize,
    limit: GROUP_LIMITS.pageSize,
  });
  return { items: rows.map(groupView), page: query.page, totalPages: pages(total), total };
}

/** The group, or NOT_FOUND (another organisation's id finds nothing). */
export async function findGroup(scope: Scope, id: string): Promise<GroupListRow> {
  const row = await findGroupRow(scope.db, id);
  if (!row) throw new AppError('NOT_FOUND', { message: GROUP_MESSAGES.groupNotFound });
  return row;
}

/** A group its SCIM provider owns is changed there only. */
function refuseProvisioned(row: GroupListRow): void {
  if (sourceOf(row).kind === 'scim') throw new AppError('FORBIDDEN', { message: GROUP_MESSAGES.readOnly(row.scim_client_name ?? '') });
}

const nameTaken = () => fieldError('name', GROUP_MESSAGES.nameTaken, 'CONFLICT');

/** What a group is made with: its name, and over SCIM its externalId, provider and first members. */
export interface NewGroup {
  name: string;
  externalId?: string | null;
  scimClientId?: string | null;
  memberIds?: readonly string[];
  via?: string;
}

/** Adds a group (names unique without case: CONFLICT on a taken one) with its first members. */
export async function addGroup(ctx: AppContext, scope: Scope, input: NewGroup): Promise<GroupListRow> {
  if ((await countGroups(scope.db)) >= GROUP_LIMITS.groupsMax) throw new AppError('CONFLICT', { message: GROUP_MESSAGES.tooMany });
  const now = ctx.clock.now();
  const row: Unstamped<GroupRow> = {
    id: randomUUID(),
    name: input.name,
    name_key: nameKeyOf(input.name),
    external_id: input.externalId ?? null,
    scim_client_id: input.scimClientId ?? null,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  try {
    await scope.transaction(async (tx) => {
      await insertGroup(tx.db, row);
      await emit(ctx, tx.db, tx, {
        type: 'group.created',
        subject: { kind: 'group', id: row.id },
        details: { name: row.name, ...(input.via ? { via: input.via } : {}) },
      });
      if (input.memberIds && input.memberIds.length > 0) await changeMembers(ctx, tx, row, { add: input.memberIds, via: input.via });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return findGroup(scope, row.id);
}

/** Changes a group's name (and, over SCIM, its externalId and provider); raises its version. */
export async function changeGroup(
  ctx: AppContext,
  scope: Scope,
  row: GroupRow,
  changes: { name: string; externalId?: string | null; scimClientId?: string | null; via?: string },
): Promise<void> {
  const update: Parameters<typeof updateGroupRow>[2] = {};
  if (changes.name !== row.name) Object.assign(update, { name: changes.name, name_key: nameKeyOf(changes.name) });
  if (changes.externalId !== undefined && changes.externalId !== row.external_id) update.external_id = changes.externalId;
  if (changes.scimClientId !== undefined && changes.scimClientId !== row.scim_client_id) update.scim_client_id = changes.scimClientId;
  if (Object.keys(update).length === 0) return;
  try {
    await scope.transaction(async (tx) => {
      await updateGroupRow(tx.db, row.id, update, ctx.clock.now());
      if (update.name !== undefined)
        await emit(ctx, tx.db, tx, {
          type: 'group.updated',
          subject: { kind: 'group', id: row.id },
          details: { name: { from: row.name, to: changes.name }, ...(changes.via ? { via: changes.via } : {}) },
        });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deletes a group; its members stay people of the organisation. */
export async function removeGroup(ctx: AppContext, scope: Scope, row: GroupRow, via?: string): Promise<void> {
  await scope.transaction(async (tx) => {
    await deleteGroupRow(tx.db, row.id);
    await emit(ctx, tx.db, tx, {
      type: 'group.deleted',
      subject: { kind: 'group', id: row.id },
      details: { name: row.name, ...(via ? { via } : {}) },
    });
  });
}

/**
 * Adds and takes out members in one transaction: ids that are no user of the organisation are
 * refused (USER_NOT_FOUND), adding a member twice or removing a non-member changes nothing. The
 * version rises when anything changed.
 */
export async function changeMembers(
  ctx: AppContext,
  scope: Scope,
  group: Pick<GroupRow, 'id' | 'name'>,
  change: { add?: readonly string[]; remove?: readonly string[]; via?: string | undefined },
): Promise<void> {
  const add = [...new Set(change.add ?? [])];
  const remove = [...new Set(change.remove ?? [])].filter((id) => !add.includes(id));
  await scope.transaction(async (tx) => {
    const known = await usersByIds(tx.db, add);
    if (known.length !== add.length) throw new AppError('USER_NOT_FOUND', { message: GROUP_MESSAGES.unknownMember });
    const present = await membersAmong(tx.db, group.id, [...add, ...remove]);
    const added = known.filter((user) => !present.has(user.id));
    const removed = await usersByIds(
      tx.db,
      remove.filter((id) => present.has(id)),
    );
    if (added.length === 0 && removed.length === 0) return;
    const now = ctx.clock.now();
    await insertMembers(
      tx.db,
      group.id,
      added.map((user) => user.id),
      now,
    );
    await deleteMembers(
      tx.db,
      group.id,
      removed.map((user) => user.id),
    );
    await updateGroupRow(tx.db, group.id, {}, now);
    const via = change.via ? { via: change.via } : {};
    if (added.length > 0)
      await emit(ctx, tx.db, tx, {
        type: 'group.members_added',
        subject: { kind: 'group', id: group.id },
        details: { group: group.name, users: added, ...via },
      });
    if (removed.length > 0)
      await emit(ctx, tx.db, tx, {
        type: 'group.members_removed',
        subject: { kind: 'group', id: group.id },
        details: { group: group.name, users: removed, ...via },
      });
  });
}

// The screens' and the management API's operations: provisioned groups are read-only.

export async function createGroup(ctx: AppContext, scope: Scope, name: string): Promise<Group> {
  return groupView(await addGroup(ctx, scope, { name }));
}

export async function renameGroup(ctx: AppContext, scope: Scope, id: string, name: string): Promise<Group> {
  const row = await findGroup(scope, id);
  refuseProvisioned(row);
  await changeGroup(ctx, scope, row, { name });
  return groupView(await findGroup(scope, id));
}

export async function deleteGroup(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  const row = await findGroup(scope, id);
  refuseProvisioned(row);
  await removeGroup(ctx, scope, row);
}

export async function listMembers(
  scope: Scope,
  id: string,
  query: { page: number; search?: string | undefined },
): Promise<GroupMemberPage> {
  await findGroup(scope, id);
  const { rows, total } = await listMemberRows(scope.db, id, {
    search: query.search,
    offset: (query.page - 1) * GROUP_LIMITS.pageSize,
    limit: GROUP_LIMITS.pageSize,
  });
  return {
    items: rows.map((row) => ({ id: row.id, email: row.email, firstName: row.first_name, surname: row.surname, addedAt: row.added_at })),
    page: query.page,
    totalPages: pages(total),
    total,
  };
}

export async function addMember(
  ctx: AppContext,
  scope: Scope,
  id: string,
  who: { userId?: string | undefined; email?: string | undefined },
): Promise<Group> {
  const row = await findGroup(scope, id);
  refuseProvisioned(row);
  const userId = who.userId || (who.email ? (await userByEmail(scope.db, who.email.toLowerCase()))?.id : undefined);
  if (!userId) throw fieldError(who.userId ? 'userId' : 'email', GROUP_MESSAGES.unknownMember, 'USER_NOT_FOUND');
  await changeMembers(ctx, scope, row, { add: [userId] });
  return groupView(await findGroup(scope, id));
}

export async function removeMember(ctx: AppContext, scope: Scope, id: string, userId: string): Promise<void> {
  const row = await findGroup(scope, id);
  refuseProvisioned(row);
  await changeMembers(ctx, scope, row, { remove: [userId] });
}

/** The groups of one person of the organisation (USER_NOT_FOUND otherwise), with who provisions each. */
export async function groupsOfPerson(scope: Scope, userId: string): Promise<z.input<typeof userGroupSchema>[]> {
  if ((await usersByIds(scope.db, [userId])).length === 0) throw new AppError('USER_NOT_FOUND');
  return (await groupsOfUser(scope.db, userId)).map((row) => ({ id: row.id, name: row.name, source: sourceOf(row) }));
}
