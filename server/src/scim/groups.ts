/**
 * SCIM /Groups (RFC 7643 section 4.2) over the groups domain: `displayName` is the group's name (unique
 * without case: 409 uniqueness), `externalId` the provider's id, `members` its End users (administrators
 * are invisible to SCIM, as on /Users, and a provider never changes their memberships). PATCH takes what
 * Microsoft Entra ID sends (`"op":"Add"`/`"Remove"` with member arrays, `members[value eq "…"]` paths,
 * `Replace` of displayName with or without a path) and what Okta sends (PUT, `replace` without a path,
 * `remove` with a value filter). The version (ETag) is the group's, raised by every change of it or of
 * its members, with the member count (a person deleted leaves the group without touching it).
 */
import { GROUP_LIMITS } from '@gatehouse/common/groups';
import { sql, type SqlBool } from 'kysely';

import type { AppContext } from '../context.ts';
import { addGroup, changeGroup, changeMembers, findGroup, removeGroup } from '../groups/service.ts';
import { endUserMembers, type GroupListRow, usersByIds } from '../groups/store.ts';
import { AppError } from '../http/errors.ts';
import { badRequest, notFound, ScimError } from './errors.ts';
import { type Filter, GROUP_SCHEMA, matchesElement, parseFilter, parsePath } from './filter.ts';
import { compileGroupFilter, type Eb, groupAttr } from './group-filter.ts';
import { asObject, attribute } from './input.ts';
import { PATCH_SCHEMA } from './patch.ts';
import { checkEtag, integer, LIST_MAX, type ListQuery, type ScimCaller } from './service.ts';

const GROUP_PREFIX = `${GROUP_SCHEMA.toLowerCase()}:`;
const VIA = 'scim';
/** A PATCH path, also one written with the Group schema's URN (whose "2.0" is no sub-attribute). */
const parseGroupPath = (text: string) =>
  parsePath(text.trim().toLowerCase().startsWith(GROUP_PREFIX) ? text.trim().slice(GROUP_PREFIX.length) : text);

export type ScimGroup = Record<string, unknown>;
/** A group as the SCIM routes answer it. */
export type ScimGroupRow = GroupListRow;
type Member = { id: string; email: string };

/** The weak ETag of a group's current version and membership. */
export const groupVersionOf = (row: Pick<GroupListRow, 'version' | 'member_count'>): string =>
  `W/"${row.version}.${Number(row.member_count ?? 0)}"`;

export function toScimGroup(row: GroupListRow, members: readonly Member[], baseUrl: string): ScimGroup {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    displayName: row.name,
    members: members.map((m) => ({ value: m.id, display: m.email, type: 'User', $ref: `${baseUrl}/Users/${m.id}` })),
    meta: {
      resourceType: 'Group',
      created: new Date(row.created_at).toISOString(),
      lastModified: new Date(row.updated_at).toISOString(),
      location: `${baseUrl}/Groups/${row.id}`,
      version: groupVersionOf(row),
    },
  };
}

/** The group as SCIM answers it, with its members unless they are excluded (Entra asks `excludedAttributes=members`). */
export async function scimGroupOf(caller: ScimCaller, row: GroupListRow, withMembers = true): Promise<ScimGroup> {
  const members = withMembers ? await endUserMembers(caller.scope.db, row.id, GROUP_LIMITS.scimMembersMax) : [];
  const resource = toScimGroup(row, members, caller.baseUrl);
  if (!withMembers) delete resource.members;
  return resource;
}

/** The group by id, or SCIM's 404. */
export async function getScimGroup(caller: ScimCaller, id: string): Promise<GroupListRow> {
  try {
    return await findGroup(caller.scope, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw notFound(`Group ${id} not found`);
    throw error;
  }
}

/** GET /Groups: a page of the organisation's groups by displayName, filtered (RFC 7644 3.4.2). */
export async function listScimGroups(
  caller: ScimCaller,
  query: ListQuery,
): Promise<{ rows: GroupListRow[]; total: number; startIndex: number }> {
  const startIndex = Math.max(1, integer(query.startIndex, 'startIndex', 1));
  const count = Math.min(LIST_MAX, Math.max(0, integer(query.count, 'count', 100)));
  const filter = query.filter === undefined ? undefined : parseFilter(query.filter);
  const sortOrder = (query.sortOrder ?? 'ascending').toLowerCase();
  if (sortOrder !== 'ascending' && sortOrder !== 'descending') throw badRequest('invalidValue', "'sortOrder' is ascending or descending");
  const sortBy = groupAttr((query.sortBy ?? 'displayName').trim().toLowerCase());
  const sortColumns = {
    displayname: 'groups.name_key',
    externalid: 'groups.external_id',
    id: 'groups.id',
    'meta.created': 'groups.created_at',
    'meta.lastmodified': 'groups.updated_at',
  } as const;
  const sortColumn = Object.hasOwn(sortColumns, sortBy) ? sortColumns[sortBy as keyof typeof sortColumns] : undefined;
  if (!sortColumn) throw badRequest('invalidValue', `'${query.sortBy}' cannot be sorted by`);
  const db = caller.scope.db;
  const where = (eb: Eb) => (filter ? compileGroupFilter(eb, filter) : sql<SqlBool>`(1 = 1)`);
  const [rows, total] = await Promise.all([
    count === 0
      ? Promise.resolve([] as GroupListRow[])
      : db
          .selectFrom('groups')
          .leftJoin('clients', 'clients.id', 'groups.scim_client_id')
          .selectAll('groups')
          .select(['clients.name as scim_client_name', 'clients.scim_enabled as scim_client_enabled'])
          .select((eb) =>
            eb
              .selectFrom('group_members')
              .whereRef('group_members.group_id', '=', 'groups.id')
              .select((inner) => inner.fn.countAll<number | string>().as('n'))
              .as('member_count'),
          )
          .where(where)
          .orderBy(sortColumn, sortOrder === 'descending' ? 'desc' : 'asc')
          .orderBy('groups.id')
          .limit(count)
          .offset(startIndex - 1)
          .execute(),
    db
      .selectFrom('groups')
      .where(where)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n)),
  ]);
  return { rows, total, startIndex };
}

// Writes.

const checkVersion = (row: GroupListRow, ifMatch: string | undefined) => checkEtag(groupVersionOf(row), ifMatch);

function displayNameOf(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw badRequest('invalidValue', "'displayName' is required");
  const name = value.trim();
  if (name.length > GROUP_LIMITS.nameMax) throw badRequest('invalidValue', `'displayName' is at most ${GROUP_LIMITS.nameMax} characters`);
  return name;
}

function externalIdOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > GROUP_LIMITS.externalIdMax)
    throw badRequest('invalidValue', "'externalId' must be a string");
  return value;
}

/** The user ids of a members array (`[{ "value": "<id>" }]`). */
function memberIdsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    const id = attribute(asObject(item, 'A member'), 'value');
    if (typeof id !== 'string' || id === '') throw badRequest('invalidValue', "Each member needs a 'value': the user's id");
    return id;
  });
}

/** The ids, each an End user of the organisation, or 400 invalidValue naming one that is not. */
async function endUsers(caller: ScimCaller, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  const found = new Set((await usersByIds(caller.scope.db, wanted, true)).map((u) => u.id));
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw badRequest('invalidValue', `No user ${missing}`);
  return wanted;
}

/** The domain's refusals in SCIM's terms: a taken name is 409 uniqueness. */
async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) {
      if (error.code === 'CONFLICT' && error.errors.name)
        throw new ScimError(409, 'A group with this displayName already exists', 'uniqueness');
      if (error.statusCode === 409 || error.statusCode === 403) throw new ScimError(error.statusCode, error.message);
      if (error.code === 'USER_NOT_FOUND') throw badRequest('invalidValue', error.message);
    }
    throw error;
  }
}

/** POST /Groups: a group the calling application provisions from now on. */
export async function createScimGroup(ctx: AppContext, caller: ScimCaller, body: Record<string, unknown>): Promise<GroupListRow> {
  const name = displayNameOf(attribute(body, 'displayname'));
  const externalId = externalIdOf(attribute(body, 'externalid'));
  const memberIds = await endUsers(caller, memberIdsOf(attribute(body, 'members')));
  return translated(() => addGroup(ctx, caller.scope, { name, externalId, scimClientId: caller.client.id, memberIds, via: VIA }));
}

/** What a PUT or PATCH makes of a group: its name, externalId and End user members. */
interface Wanted {
  /** The group's id, which a body may repeat but not change. */
  readonly id: string;
  name: string;
  externalId: string | null;
  members: Set<string>;
}

async function applyWanted(
  ctx: AppContext,
  caller: ScimCaller,
  row: GroupListRow,
  current: readonly string[],
  wanted: Wanted,
): Promise<GroupListRow> {
  const add = await endUsers(
    caller,
    [...wanted.members].filter((id) => !current.includes(id)),
  );
  const remove = current.filter((id) => !wanted.members.has(id));
  await translated(() =>
    caller.scope.transaction(async (tx) => {
      // The application that writes the group provisions it from now on.
      await changeGroup(ctx, tx, row, { name: wanted.name, externalId: wanted.externalId, scimClientId: caller.client.id, via: VIA });
      await changeMembers(ctx, tx, { id: row.id, name: wanted.name }, { add, remove, via: VIA });
    }),
  );
  return findGroup(caller.scope, row.id);
}

const currentMembers = async (caller: ScimCaller, row: GroupListRow) =>
  (await endUserMembers(caller.scope.db, row.id, GROUP_LIMITS.scimMembersMax)).map((m) => m.id);

/** PUT /Groups/{id} (Okta): the group becomes what the body says; members left out are taken out. */
export async function replaceScimGroup(
  ctx: AppContext,
  caller: ScimCaller,
  id: string,
  body: Record<string, unknown>,
  ifMatch: string | undefined,
): Promise<GroupListRow> {
  const row = await getScimGroup(caller, id);
  checkVersion(row, ifMatch);
  if (body.id !== undefined && body.id !== id) throw new ScimError(400, "'id' cannot be changed", 'mutability');
  return applyWanted(ctx, caller, row, await currentMembers(caller, row), {
    id,
    name: displayNameOf(attribute(body, 'displayname')),
    externalId: externalIdOf(attribute(body, 'externalid')),
    members: new Set(memberIdsOf(attribute(body, 'members'))),
  });
}

/** One operation on the members: add or remove the given ones, replace them all, or remove those a filter matches. */
function patchMembers(members: Set<string>, op: string, value: unknown, filter: Filter | undefined): void {
  if (filter) {
    if (op !== 'remove') throw badRequest('invalidPath', "A members filter path is for 'remove'");
    for (const id of [...members]) if (matchesElement({ value: id, type: 'User' }, filter)) members.delete(id);
    return;
  }
  const given = memberIdsOf(value);
  if (op === 'replace') members.clear();
  if (op === 'remove') {
    // Remove with no value takes every member out (RFC 7644 3.5.2.2).
    if (value === undefined || value === null) members.clear();
    for (const id of given) members.delete(id);
    return;
  }
  for (const id of given) members.add(id);
}

function patchAttribute(
  wanted: Wanted,
  op: string,
  attr: string,
  value: unknown,
  filter: Filter | undefined,
  sub: string | undefined,
): void {
  const name = groupAttr(attr);
  if (name === 'members') {
    if (sub !== undefined && sub !== 'value') throw badRequest('invalidPath', `'members.${sub}' cannot be changed`);
    patchMembers(wanted.members, op, value, filter);
  } else if (name === 'displayname') {
    if (op === 'remove') throw new ScimError(400, "'displayName' cannot be removed", 'mutability');
    wanted.name = displayNameOf(value);
  } else if (name === 'externalid') {
    wanted.externalId = op === 'remove' ? null : externalIdOf(value);
  } else if (name === 'id' || name === 'meta' || name === 'schemas') {
    // Okta's replace without a path repeats the id; anything that would change it is refused.
    if (name === 'id' && op !== 'remove' && value === wanted.id) return;
    throw new ScimError(400, `'${attr}' cannot be changed`, 'mutability');
  } else {
    throw badRequest('invalidPath', `'${attr}' is not an attribute of a Group`);
  }
}

/** PATCH /Groups/{id}: the operations applied to the group's current name, externalId and members, in one change. */
export async function patchScimGroup(
  ctx: AppContext,
  caller: ScimCaller,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
): Promise<GroupListRow> {
  const row = await getScimGroup(caller, id);
  checkVersion(row, ifMatch);
  const request = asObject(body, 'The request body');
  const schemas = request.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA))
    throw badRequest('invalidSyntax', `A PATCH body names the schema ${PATCH_SCHEMA}`);
  const operations = attribute(request, 'operations');
  if (!Array.isArray(operations) || operations.length === 0) throw badRequest('invalidSyntax', "'Operations' must be a non-empty array");
  if (operations.length > 1000) throw badRequest('invalidSyntax', 'At most 1000 operations at a time');
  const current = await currentMembers(caller, row);
  const wanted: Wanted = { id: row.id, name: row.name, externalId: row.external_id, members: new Set(current) };
  for (const raw of operations) {
    const operation = asObject(raw, 'An operation');
    const op = String(attribute(operation, 'op') ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw badRequest('invalidSyntax', `Unknown operation '${String(attribute(operation, 'op'))}'`);
    const path = attribute(operation, 'path');
    const value = attribute(operation, 'value');
    if (path !== undefined && path !== null && path !== '') {
      if (typeof path !== 'string') throw badRequest('invalidPath', "'path' must be a string");
      if (op !== 'remove' && value === undefined) throw badRequest('invalidValue', `'${op}' needs a value`);
      const parsed = parseGroupPath(path);
      patchAttribute(wanted, op, parsed.attr, value, parsed.filter, parsed.sub);
      continue;
    }
    if (op === 'remove') throw new ScimError(400, "'remove' needs a path", 'noTarget');
    // No path: the value holds attributes (Okta's and Entra's replace of displayName).
    for (const [key, item] of Object.entries(asObject(value, 'value'))) {
      if (key.toLowerCase() === 'schemas') continue;
      const parsed = parseGroupPath(key);
      patchAttribute(wanted, op, parsed.attr, item, undefined, parsed.sub);
    }
  }
  return applyWanted(ctx, caller, row, current, wanted);
}

/** DELETE /Groups/{id}: the group goes; its members stay. */
export async function deleteScimGroup(ctx: AppContext, caller: ScimCaller, id: string, ifMatch: string | undefined): Promise<void> {
  const row = await getScimGroup(caller, id);
  checkVersion(row, ifMatch);
  await removeGroup(ctx, caller.scope, row, VIA);
}
