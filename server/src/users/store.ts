/** Queries of user administration; every one scoped by organisation id. */
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';
import type { Dialect } from '../db/database.ts';
import { PREFIX_END } from '../db/search-key.ts';

export interface UserListQuery {
  organisationId: string;
  /** Lower-cased prefix of an email, first name or surname; none lists everyone. */
  search?: string | undefined;
  offset: number;
  limit: number;
}

export type UserListRow = Pick<UserRow, 'id' | 'email' | 'first_name' | 'surname' | 'role' | 'status'>;

/**
 * A page of the /users list in email order, and how many users match. A search is the union of three
 * index range scans (email, first name, surname: migration 0009's indexes, each led by organisation_id),
 * so only matching users are read, then sorted: written as one OR, both databases preferred walking the
 * organisation's whole email index and filtering, which reads every user of a large organisation. PostgreSQL compares in the "C" collation of those indexes; SQLite's BINARY is the same order.
 */
export async function listUsers(
  db: Kysely<Database>,
  dialect: Dialect,
  query: UserListQuery,
): Promise<{ rows: UserListRow[]; total: number }> {
  const collate = dialect === 'postgres' ? sql` collate "C"` : sql``;
  const columns = ['users.id', 'users.email', 'users.first_name', 'users.surname', 'users.role', 'users.status'] as const;
  if (query.search === undefined) {
    const [rows, count] = await Promise.all([
      db
        .selectFrom('users')
        .select(columns)
        .where('organisation_id', '=', query.organisationId)
        .orderBy(sql`email${collate}`)
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organisation_id', '=', query.organisationId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
  const prefix = query.search;
  const byPrefix = (column: 'email' | 'first_name_search' | 'surname_search') =>
    db
      .selectFrom('users')
      .select(columns)
      .where('organisation_id', '=', query.organisationId)
      .where(sql<boolean>`${sql.ref(column)}${collate} >= ${prefix}`)
      .where(sql<boolean>`${sql.ref(column)}${collate} < ${prefix + PREFIX_END}`);
  // The union carries whole rows: joining ids back to users made PostgreSQL hash-join the whole table.
  const matches = byPrefix('email').union(byPrefix('first_name_search')).union(byPrefix('surname_search'));
  const [rows, count] = await Promise.all([
    db
      .selectFrom(matches.as('matches'))
      .selectAll()
      .orderBy(sql`matches.email${collate}`)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    db
      .selectFrom(matches.as('matches'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
