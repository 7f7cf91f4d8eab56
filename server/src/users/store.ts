/** Queries of user administration; every one scoped by organisation id. */
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';
import type { Dialect } from '../db/database.ts';
import { PREFIX_END } from '../db/search-key.ts';
import { countUsers } from '../accounts/store.ts';

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
 * A search counts its matches in each of its three indexes up to this many: if none has more, the
 * matches (at most three times this) are read and sorted, and counted exactly; if one has more, the
 * page is found by walking the email index from the cursor and stopping at the page's end, which for
 * that many matches is soon (about page size × users / matches entries), and the total is a lower bound.
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * A page of the /users list in email order, and how many users match. Pages come by offset, or after a
 * cursor (an email: the infinite scroll's keyset paging, the same cost at any depth).
 *
 * The list without a search walks the (organisation_id, email) index from the cursor; its total is the
 * organisation's user counters (migration 0121), not a count of its users. A narrow search is the union
 * of three index range scans (email, first name, surname: migration 0009's indexes, each led by
 * organisation_id), so only matching users are read, then sorted; written as one OR, both databases walk
 * the organisation's email index and filter, which is what a broad search does on purpose (see
 * SEARCH_COUNT_CAP). PostgreSQL compares in the "C" collation of those indexes; SQLite's BINARY is the
 * same order.
 */
export async function listUsers(db: Kysely<Database>, dialect: Dialect, query: UserListQuery): Promise<UserListResult> {
  const collate = dialect === 'postgres' ? sql` collate "C"` : sql``;
  const columns = ['users.id', 'users.email', 'users.first_name', 'users.surname', 'users.role', 'users.status'] as const;
  const { after, limit } = query;
  const offset = after === undefined ? query.offset : 0;
  const page = (rows: UserListRow[]) => ({ rows: rows.slice(0, limit), more: rows.length > limit });
  const afterCursor = sql<boolean>`users.email${collate} > ${after ?? ''}`;

  if (query.search === undefined) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('users')
        .select(columns)
        .where('organisation_id', '=', query.organisationId)
        .$if(after !== undefined, (q) => q.where(afterCursor))
        .orderBy(sql`email${collate}`)
        .limit(limit + 1)
        .offset(offset)
        .execute(),
      countUsers(db, query.organisationId),
    ]);
    return { ...page(rows), total, exact: true };
  }

  const prefix = query.search;
  const inRange = (column: 'email' | 'first_name_search' | 'surname_search') =>
    sql<boolean>`${sql.ref(`users.${column}`)}${collate} >= ${prefix} and ${sql.ref(`users.${column}`)}${collate} < ${prefix + PREFIX_END}`;
  const capped = (column: 'email' | 'first_name_search' | 'surname_search') =>
    sql<number>`(select count(*) from (select 1 from users where users.organisation_id = ${query.organisationId} and ${inRange(column)} limit ${SEARCH_COUNT_CAP + 1}) as capped)`;
  const counts = await sql<{
    email: number | string;
    first_name: number | string;
    surname: number | string;
  }>`select ${capped('email')} as email, ${capped('first_name_search')} as first_name, ${capped('surname_search')} as surname`.execute(db);
  const branches = Object.values(counts.rows[0]!).map(Number);

  if (branches.some((n) => n > SEARCH_COUNT_CAP)) {
    // Broad: the email index in order from the cursor, each user tested against the three prefixes.
    const rows = await db
      .selectFrom('users')
      .select(columns)
      .where('organisation_id', '=', query.organisationId)
      .where(sql<boolean>`(${inRange('email')} or ${inRange('first_name_search')} or ${inRange('surname_search')})`)
      .$if(after !== undefined, (q) => q.where(afterCursor))
      .orderBy(sql`email${collate}`)
      .limit(limit + 1)
      .offset(offset)
      .execute();
    return { ...page(rows), total: Math.max(...branches), exact: false };
  }

  // Narrow: the union carries whole rows (joining ids back to users made PostgreSQL hash-join the whole table).
  const byPrefix = (column: 'email' | 'first_name_search' | 'surname_search', cursor: boolean) =>
    db
      .selectFrom('users')
      .select(columns)
      .where('organisation_id', '=', query.organisationId)
      .where(inRange(column))
      .$if(cursor, (q) => q.where(afterCursor));
  const matches = (cursor: boolean) =>
    byPrefix('email', cursor).union(byPrefix('first_name_search', cursor)).union(byPrefix('surname_search', cursor));
  const [rows, count] = await Promise.all([
    db
      .selectFrom(matches(after !== undefined).as('matches'))
      .selectAll()
      .orderBy(sql`matches.email${collate}`)
      .limit(limit + 1)
      .offset(offset)
      .execute(),
    db
      .selectFrom(matches(false).as('matches'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { ...page(rows), total: Number(count.n), exact: true };
}
