/**
 * Queries of user administration, through the scoped store (db/scoped.ts) of their organisation, the
 * search's recursive walk of the name indexes too.
 */
import { expressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';

import { countUsers } from '../accounts/store.ts';
import type { Dialect } from '../db/database.ts';
import type { Database, UserRow } from '../db/schema.ts';
import { scoped, type ScopedExecutor } from '../db/scoped.ts';
import { PREFIX_END } from '../db/search-key.ts';

export interface UserListQuery {
  organisationId: string;
  /** Lower-cased prefix of an email, first name or surname; none lists everyone. */
  search?: string | undefined;
  /** Keyset paging: the users whose email comes after this one (the last of the page before); else `offset`. */
  after?: string | undefined;
  offset: number;
  limit: number;
}

export type UserListRow = Pick<UserRow, 'id' | 'email' | 'first_name' | 'surname' | 'role' | 'status'>;

export interface UserListResult {
  rows: UserListRow[];
  /** Whether users follow the last of `rows`. */
  more: boolean;
  /** How many users match; when `exact` is false, a lower bound (a broad search is not counted to its end). */
  total: number;
  exact: boolean;
}

/**
 * A search counts its matches in each of its three indexes up to this many: if none has more, the total
 * is exact (the union of at most three times this many index entries); otherwise it is a lower bound.
 */
export const SEARCH_COUNT_CAP = 500;
/** A name prefix matching at most this many distinct names is read name by name (see listUsers). */
export const SEARCH_DISTINCT_NAMES = 50;

type SearchColumn = 'email' | 'first_name_search' | 'surname_search';
type NameColumn = Exclude<SearchColumn, 'email'>;

/**
 * A page of the /users list in email order, and how many users match. Pages come by offset, or after a
 * cursor (an email: the infinite scroll's keyset paging, the same cost at any depth).
 *
 * The list without a search walks the organisation's email index from the cursor; its total is the
 * organisation's user counters (migration 0121), not a count of its users.
 *
 * A search matches a prefix of the email, first name or surname. Reading every match and sorting it
 * costs what the search matches (a second for a prefix shared by 145,000 of a million users), and
 * walking the email index while testing each user costs what comes before the first matches (all of it
 * when they come last); so each of the three is asked only for its first page in email order, merged:
 * the email's index range is already in email order; a name's index (organisation, name, email,
 * migration 0121) is in email order for each name, so for the few names a prefix matches (found by
 * skipping from name to name in the index) each gives its first page; only a prefix matching more than
 * SEARCH_DISTINCT_NAMES names sorts all its matches. PostgreSQL compares in the "C" collation of those
 * indexes; SQLite's BINARY is the same order.
 */
export async function listUsers(db: Kysely<Database>, dialect: Dialect, query: UserListQuery): Promise<UserListResult> {
  const collate = dialect === 'postgres' ? sql` collate "C"` : sql``;
  const columns = ['users.id', 'users.email', 'users.first_name', 'users.surname', 'users.role', 'users.status'] as const;
  const { after, limit, organisationId } = query;
  const store = scoped(db, organisationId);
  const offset = after === undefined ? query.offset : 0;
  const afterCursor = sql<boolean>`users.email${collate} > ${after ?? ''}`;

  if (query.search === undefined) {
    const [rows, total] = await Promise.all([
      store
        .selectFrom('users')
        .select(columns)
        .$if(after !== undefined, (q) => q.where(afterCursor))
        .orderBy(sql`email${collate}`)
        .limit(limit + 1)
        .offset(offset)
        .execute(),
      countUsers(scoped(db, organisationId)),
    ]);
    return { rows: rows.slice(0, limit), more: rows.length > limit, total, exact: true };
  }

  const prefix = query.search;
  const end = prefix + PREFIX_END;
  const col = (column: SearchColumn) => sql<string>`${sql.ref(`users.${column}`)}${collate}`;
  const inRange = (column: SearchColumn) => sql<boolean>`${col(column)} >= ${prefix} and ${col(column)} < ${end}`;
  // The parts of a statement are built without the store, which binds the whole statement, each read of
  // users in it to the organisation, once (a part built from the store would be bound again within it).
  const unbound = expressionBuilder<Database, never>();
  const users = () => unbound.selectFrom('users');
  // How many users of each page the merge needs from each source.
  const wanted = offset + limit + 1;

  // The matches of each column, up to the cap, from its index (in its order, so the index is chosen).
  const capped = (column: SearchColumn) =>
    unbound
      .selectFrom(
        users()
          .select(sql<number>`1`.as('one'))
          .where(inRange(column))
          .orderBy(col(column))
          .limit(SEARCH_COUNT_CAP + 1)
          .as('capped'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'));
  const countsQuery = store.selectNoFrom([
    capped('email').as('email'),
    capped('first_name_search').as('first_name_search'),
    capped('surname_search').as('surname_search'),
  ]);

  /** The distinct names in the prefix's range, up to one more than SEARCH_DISTINCT_NAMES, skipping through the index. */
  const namesOf = async (column: NameColumn): Promise<string[]> => {
    const least = (where: RawBuilder<boolean>) =>
      users()
        .select((eb) => eb.fn.min<string>(col(column)).as('name'))
        .where(where);
    // The count stops the recursion itself (an outer limit need not stop SQLite's).
    const rows = await store
      .withRecursive('names(name, n)', (names) =>
        names.selectNoFrom([least(inRange(column)).as('name'), sql<number>`1`.as('n')]).unionAll(
          names
            .selectFrom('names')
            .select([
              least(sql<boolean>`${col(column)} > names.name and ${col(column)} < ${end}`).as('name'),
              sql<number>`names.n + 1`.as('n'),
            ])
            .where('names.name', 'is not', null)
            .where('names.n', '<=', SEARCH_DISTINCT_NAMES),
        ),
      )
      .selectFrom('names')
      .select('names.name')
      .where('names.name', 'is not', null)
      .execute();
    return rows.map((r) => r.name as string);
  };
  const cursor = <Q extends { where(expression: RawBuilder<boolean>): Q }>(q: Q): Q => (after === undefined ? q : q.where(afterCursor));
  const firstOf = (where: RawBuilder<boolean>) =>
    unbound.selectFrom(cursor(users().select('users.email').where(where)).orderBy(col('email')).limit(wanted).as('part')).selectAll();
  // PostgreSQL plans a subquery with an offset on its own: the name's range, not a walk of the email index.
  const fenced = <Q extends { offset(offset: RawBuilder<number>): Q }>(q: Q): Q => (dialect === 'postgres' ? q.offset(sql.lit(0)) : q);
  const sources = async (column: NameColumn) => {
    const names = await namesOf(column);
    if (names.length <= SEARCH_DISTINCT_NAMES) return names.map((name) => firstOf(sql<boolean>`${col(column)} = ${name}`));
    return [
      unbound
        .selectFrom(
          unbound
            .selectFrom(fenced(cursor(users().select('users.email').where(inRange(column)))).as('part'))
            .select('part.email')
            .orderBy(sql`part.email${collate}`)
            .limit(wanted)
            .as('part'),
        )
        .selectAll(),
    ];
  };

  const [counts, parts] = await Promise.all([
    countsQuery.executeTakeFirstOrThrow(),
    Promise.all([sources('first_name_search'), sources('surname_search')]),
  ]);
  const branches = Object.values(counts).map(Number);
  const exact = branches.every((n) => n <= SEARCH_COUNT_CAP);
  const matches = [firstOf(inRange('email')), ...parts.flat()].reduce((union, part) => union.union(part));
  const merged = store
    .selectFrom(matches.as('matches'))
    .select('matches.email')
    .orderBy(sql`matches.email${collate}`)
    .limit(limit + 1)
    .offset(offset);
  const emailsOf = (column: SearchColumn) => users().select('users.email').where(inRange(column));
  const [emails, total] = await Promise.all([
    merged.execute(),
    exact
      ? store
          .selectFrom(emailsOf('email').union(emailsOf('first_name_search')).union(emailsOf('surname_search')).as('matches'))
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n))
      : Math.max(...branches),
  ]);
  const page = emails.slice(0, limit).map((r) => r.email);
  const rows =
    page.length === 0
      ? []
      : await store
          .selectFrom('users')
          .select(columns)
          .where('email', 'in', page)
          .orderBy(sql`email${collate}`)
          .execute();
  return { rows, more: emails.length > limit, total, exact };
}

/**
 * The applications that provision these users: the application a user's last SCIM write came from, while
 * it still has SCIM on. Answers the application by user id.
 */
export async function findManagingApplications(
  db: ScopedExecutor,
  userIds: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .innerJoin('clients', 'clients.id', 'users.scim_client_id')
    .select(['users.id as userId', 'clients.id as clientId', 'clients.name as name'])
    .where('users.id', 'in', userIds)
    .where('clients.scim_enabled', '=', true)
    .execute();
  return new Map(rows.map((row) => [row.userId, { id: row.clientId, name: row.name }]));
}
