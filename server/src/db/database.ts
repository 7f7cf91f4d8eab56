/** Opens the Kysely instance for the configured database (SQLite through node:sqlite, or PostgreSQL through pg). */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { NodeSqliteDatabase } from './node-sqlite.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

const PG_INT8 = 20;

export function openDatabase(database: Config['database']): Db {
  if (database.kind === 'sqlite') {
    if (database.path !== ':memory:') mkdirSync(path.dirname(database.path), { recursive: true });
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: async () => new NodeSqliteDatabase(database.path) }),
    });
    return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: database.poolSize,
    // Times are epoch milliseconds in BIGINT columns; they fit a JS number exactly.
    types: { getTypeParser: (oid, format) => (oid === PG_INT8 ? Number : pg.types.getTypeParser(oid, format)) } as pg.CustomTypesConfig,
  });
  // A client that loses its connection must not crash the process. The pool watches idle clients; a
  // client in use (checked out by a query) emits 'error' itself, so each gets a listener too. Its
  // query fails (503 to the caller) and the pool drops the dead client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}

/** True when an error is a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  return (
    e.code === '23505' ||
    e.errcode === 2067 ||
    e.errcode === 1555 ||
    (e.code === 'ERR_SQLITE_ERROR' && typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}
