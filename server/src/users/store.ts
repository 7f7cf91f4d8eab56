/**
 * Queries of user administration, through the scoped store (db/scoped.ts) of their organisation; the
 * search's statements stay raw SQL (a recursive walk of the name indexes the builder cannot write) and
 * scope themselves with one clause, `inOrganisation`.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, Executor, UserRow } from '../db/schema.ts';
import type { Dialect } from '../db/database.ts';
import { PREFIX_END } from '../db/search-key.ts';
import { countUsers } from '../accounts/store.ts';
import { scoped } from '../db/scoped.ts';

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
  const offset = after === undefined ? query.offset : 0;
  const afterCursor = sql<boolean>`users.email${collate} > ${after ?? ''}`;

  if (query.search === undefined) {
    const [rows, total] = await Promise.all([
      scoped(db, organisationId)
        .selectFrom('users')
        .select(columns)
        .$if(after !== undefined, (q) => q.where(afterCursor))
        .orderBy(sql`email${collate}`)
        .limit(limit + 1)
        .offset(offset)
        .execute(),
      countUsers(db, organisationId),
    ]);
    return { rows: rows.slice(0, limit), more: rows.length > limit, total, exact: true };
  }

  const prefix = query.search;
  const end = prefix + PREFIX_END;
  const col = (column: SearchColumn) => sql`${sql.ref(`users.${column}`)}${collate}`;
  const inRange = (column: SearchColumn) => sql<boolean>`${col(column)} >= ${prefix} and ${col(column)} < ${end}`;
  const inOrganisation = sql`users.organisation_id = ${organisationId}`;
  const cursor = after === undefined ? sql`` : sql` and ${afterCursor}`;
  // How many users of each page the merge needs from each source.
  const wanted = offset + limit + 1;

  // The matches of each column, up to the cap, from its index (in its order, so the index is chosen).
  const capped = (column: SearchColumn) =>
    sql<number>`(select count(*) from (select 1 as one from users where ${inOrganisation} and ${inRange(column)} order by ${col(column)} limit ${SEARCH_COUNT_CAP + 1}) as capped)`;
  const countsQuery = sql<
    Record<SearchColumn, number | string>
  >`select ${capped('email')} as email, ${capped('first_name_search')} as first_name_search, ${capped('surname_search')} as surname_search`;

  /** The distinct names in the prefix's range, up to one more than SEARCH_DISTINCT_NAMES, skipping through the index. */
  const namesOf = async (column: NameColumn): Promise<string[]> => {
    const first = sql`(select min(${col(column)}) from users where ${inOrganisation} and ${inRange(column)})`;
    const next = sql`(select min(${col(column)}) from users where ${inOrganisation} and ${col(column)} > names.name and ${col(column)} < ${end})`;
    // The count stops the recursion itself (an outer limit need not stop SQLite's).
    const result = await sql<{ name: string }>`with recursive names(name, n) as (select ${first}, 1
        union all select ${next}, names.n + 1 from names where names.name is not null and names.n <= ${SEARCH_DISTINCT_NAMES})
      select name from names where name is not null`.execute(db);
    return result.rows.map((r) => r.name);
  };
  // PostgreSQL plans a subquery with an offset on its own: the name's range, not a walk of the email index.
  const fence = dialect === 'postgres' ? sql` offset 0` : sql``;
  const firstOf = (where: RawBuilder<unknown>) =>
    sql`select * from (select users.email from users where ${inOrganisation} and ${where}${cursor} order by ${col('email')} limit ${wanted}) as part`;
  const sources = async (column: NameColumn) => {
    const names = await namesOf(column);
    if (names.length <= SEARCH_DISTINCT_NAMES) return names.map((name) => firstOf(sql`${col(column)} = ${name}`));
    return [
      sql`select * from (select part.email from (select users.email from users where ${inOrganisation} and ${inRange(column)}${cursor}${fence}) as part order by part.email${collate} limit ${wanted}) as part`,
    ];
  };

  const [counts, parts] = await Promise.all([
    countsQuery.execute(db),
    Promise.all([sources('first_name_search'), sources('surname_search')]),
  ]);
  const branches = Object.values(counts.rows[0]!).map(Number);
  const exact = branches.every((n) => n <= SEARCH_COUNT_CAP);
  const merged = sql<{
    email: string;
  }>`select matches.email from (${sql.join([firstOf(inRange('email')), ...parts.flat()], sql` union `)}) as matches
    order by matches.email${collate} limit ${limit + 1} offset ${offset}`;
  const emailsOf = (column: SearchColumn) => sql`select users.email from users where ${inOrganisation} and ${inRange(column)}`;
  const [emails, total] = await Promise.all([
    merged.execute(db),
    exact
      ? sql<{
          n: number | string;
        }>`select count(*) as n from (${emailsOf('email')} union ${emailsOf('first_name_search')} union ${emailsOf('surname_search')}) as matches`
          .execute(db)
          .then((r) => Number(r.rows[0]!.n))
      : Math.max(...branches),
  ]);
  const page = emails.rows.slice(0, limit).map((r) => r.email);
  const rows =
    page.length === 0
      ? []
      : await scoped(db, organisationId)
          .selectFrom('users')
          .select(columns)
          .where('email', 'in', page)
          .orderBy(sql`email${collate}`)
          .execute();
  return { rows, more: emails.rows.length > limit, total, exact };
}

/**
 * The applications that provision these users: the application a user's last SCIM write came from, while
 * it still has SCIM on. Answers the application by user id.
 */
export async function findManagingApplications(
  db: Executor,
  organisationId: string,
  userIds: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await scoped(db, organisationId)
    .selectFrom('users')
    .innerJoin('clients', 'clients.id', 'users.scim_client_id')
    .select(['users.id as userId', 'clients.id as clientId', 'clients.name as name'])
    .where('users.id', 'in', userIds)
    .where('clients.scim_enabled', '=', true)
    .execute();
  return new Map(rows.map((row) => [row.userId, { id: row.clientId, name: row.name }]));
}
