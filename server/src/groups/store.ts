/** Queries on groups and their members, each through the organisation's scoped store (db/scoped.ts). */
import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';

import type { GroupRow } from '../db/schema.ts';
import type { ScopedDatabase, ScopedExecutor, Unstamped } from '../db/scoped.ts';

/** A group with how many members it has and the name of the application that provisions it. */
export type GroupListRow = GroupRow & {
  member_count: number | string | null;
  scim_client_name: string | null;
  /** Whether the provisioning application still has SCIM on: turned off, it hands the group back to the admins. */
  scim_client_enabled: boolean | number | null;
};

export interface MemberRow {
  id: string;
  email: string;
  first_name: string | null;
  surname: string | null;
  added_at: number;
}

/** `column` starts with `prefix` (both lower-cased): the same comparison on both databases. */
function startsWith<T extends keyof ScopedDatabase>(
  eb: ExpressionBuilder<ScopedDatabase, T>,
  column: string,
  prefix: string,
): Expression<SqlBool> {
  return eb(eb.fn<string>('substr', [sql.ref(column), sql.lit(1), sql.val([...prefix].length)]), '=', prefix);
}

function groupsWithCounts(db: ScopedExecutor) {
  return db
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
    );
}

/** A page of the organisation's groups by name (optionally those whose name starts with `search`), and how many match. */
export async function listGroupRows(
  db: ScopedExecutor,
  options: { search?: string | undefined; offset: number; limit: number },
): Promise<{ rows: GroupListRow[]; total: number }> {
  const { search } = options;
  const [rows, count] = await Promise.all([
    groupsWithCounts(db)
      .$if(search !== undefined, (q) => q.where((eb) => startsWith(eb, 'groups.name_key', search!)))
      .orderBy('groups.name_key')
      .orderBy('groups.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    db
      .selectFrom('groups')
      .$if(search !== undefined, (q) => q.where((eb) => startsWith(eb, 'groups.name_key', search!)))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findGroupRow(db: ScopedExecutor, id: string): Promise<GroupListRow | undefined> {
  return groupsWithCounts(db).where('groups.id', '=', id).executeTakeFirst();
}

export async function countGroups(db: ScopedExecutor): Promise<number> {
  const row = await db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGroup(db: ScopedExecutor, row: Unstamped<GroupRow>): Promise<void> {
  await db.insertInto('groups').values(row).execute();
}

/** Changes a group and raises its version (its SCIM ETag); a change of members only raises the version. */
export async function updateGroupRow(
  db: ScopedExecutor,
  id: string,
  changes: Partial<Pick<GroupRow, 'name' | 'name_key' | 'external_id' | 'scim_client_id'>>,
  now: number,
): Promise<void> {
  await db
    .updateTable('groups')
    .set({ ...changes, updated_at: now, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

export async function deleteGroupRow(db: ScopedExecutor, id: string): Promise<void> {
  await db.deleteFrom('group_members').where('group_id', '=', id).execute();
  await db.deleteFrom('groups').where('id', '=', id).execute();
}

/** A page of a group's members by email (optionally those whose email or name starts with `search`), and how many match. */
export async function listMemberRows(
  db: ScopedExecutor,
  groupId: string,
  options: { search?: string | undefined; offset: number; limit: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const { search } = options;
  const base = db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .where('group_members.group_id', '=', groupId)
    .$if(search !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          startsWith(eb, 'users.email', search!),
          startsWith(eb, 'users.first_name_search', search!),
          startsWith(eb, 'users.surname_search', search!),
        ]),
      ),
    );
  const [rows, count] = await Promise.all([
    base
      .select(['users.id', 'users.email', 'users.first_name', 'users.surname', 'group_members.added_at'])
      .orderBy('users.email')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The End users in a group by email, at most `limit` (SCIM answers them with the group; administrators are invisible to it). */
export function endUserMembers(db: ScopedExecutor, groupId: string, limit: number): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .where('group_members.group_id', '=', groupId)
    .where('users.role', '=', 'EndUser')
    .select(['users.id', 'users.email'])
    .orderBy('users.email')
    .limit(limit)
    .execute();
}

/** The users of the organisation among `ids` (End users only, for SCIM). */
export function usersByIds(db: ScopedExecutor, ids: readonly string[], endUsersOnly = false): Promise<{ id: string; email: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', ids)
    .$if(endUsersOnly, (q) => q.where('role', '=', 'EndUser'))
    .execute();
}

export function userByEmail(db: ScopedExecutor, email: string): Promise<{ id: string; email: string } | undefined> {
  return db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
}

/** Which of `userIds` are in the group already. */
export async function membersAmong(db: ScopedExecutor, groupId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

export async function insertMembers(db: ScopedExecutor, groupId: string, userIds: readonly string[], now: number): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('group_members')
    .values(userIds.map((user_id) => ({ group_id: groupId, user_id, added_at: now })))
    .execute();
}

export async function deleteMembers(db: ScopedExecutor, groupId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', 'in', userIds).execute();
}

/** The names of the groups a person is in, by name: what tokens and assertions carry, in one query. */
export async function groupNamesOf(db: ScopedExecutor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('group_members')
    .innerJoin('groups', 'groups.id', 'group_members.group_id')
    .where('group_members.user_id', '=', userId)
    .select('groups.name')
    .orderBy('groups.name_key')
    .execute();
  return rows.map((row) => row.name);
}

/** The groups a person is in, with who provisions each (their page). */
export function groupsOfUser(db: ScopedExecutor, userId: string) {
  return db
    .selectFrom('group_members')
    .innerJoin('groups', 'groups.id', 'group_members.group_id')
    .leftJoin('clients', 'clients.id', 'groups.scim_client_id')
    .where('group_members.user_id', '=', userId)
    .select([
      'groups.id',
      'groups.name',
      'groups.scim_client_id',
      'clients.name as scim_client_name',
      'clients.scim_enabled as scim_client_enabled',
    ])
    .orderBy('groups.name_key')
    .execute();
}
