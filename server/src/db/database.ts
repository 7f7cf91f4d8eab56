/** Opens the Kysely instance for the configured database (SQLite through node:sqlite, or PostgreSQL through pg). */
import { hash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { Kysely, type KyselyPlugin, type LogEvent, PostgresDialect, type QueryResult, sql, SqliteDialect } from 'kysely';
import type pg from 'pg';

import type { Config } from '../config.ts';
import { runAfterCommit } from './after-commit.ts';
import { NodeSqliteDatabase } from './node-sqlite.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL's connection pool, for telemetry; SQLite has one connection and no pool. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  close(): Promise<void>;
}

const PG_INT8 = 20;

/** The client waits this much longer than statement_timeout, so the server's own limit normally answers first. */
const QUERY_TIMEOUT_MARGIN_MS = 2000;

/**
 * pg's client-side query timeout fails the query but leaves it running on the connection, and every
 * later query of that client would queue behind it; so a connection whose answer did not come is cut,
 * and the pool replaces it.
 */
function dropOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') {
          (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        }
      });
    }
    return result;
  };
}

/**
 * The statements prepared once (db/prepared.ts), by their SQL: on PostgreSQL each runs as a named
 * statement, parsed and planned once per connection instead of at every execution, wherever it runs
 * (on the pool or inside a transaction). Only prepared SQL is named, so a connection keeps a bounded set.
 */
const STATEMENT_NAMES = new Map<string, string>();

export function nameStatement(text: string): void {
  if (!STATEMENT_NAMES.has(text)) STATEMENT_NAMES.set(text, `gh_${hash('sha256', text, 'base64url').slice(0, 24)}`);
}

/** What a database reports of each statement it runs: its SQL, and on PostgreSQL whether it ran as a named statement. */
export type QueryListener = (sql: string, named?: boolean) => void;

/**
 * Every statement of a pooled client, whoever sends it (Kysely's connection, a transaction, the direct
 * path below): a prepared one goes as its named statement, and the listener hears each one once.
 */
function nameOnClient(client: pg.PoolClient, onQuery: QueryListener | undefined): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string') {
      const configured = (text as { text?: unknown } | null)?.text;
      if (typeof configured === 'string') onQuery?.(configured, false);
      return query(text, values, callback);
    }
    const name = STATEMENT_NAMES.get(text);
    onQuery?.(text, name !== undefined);
    if (name === undefined) return query(text, values, callback);
    return typeof values === 'function' ? query({ name, text }, values) : query({ name, text, values }, callback);
  };
}

/**
 * SQLite's one connection, for the hot prepared queries (db/prepared.ts): a statement that answers rows
 * runs on it at once when no transaction holds it, without Kysely's connection hand-over (a few
 * promises and several microseconds a query). Only for a database's own Kysely instance, never for a
 * transaction's executor.
 */
const directRows = new WeakMap<object, (sql: string, parameters: ReadonlyArray<unknown>) => unknown[] | undefined>();

export function rowsNow(db: object, sql: string, parameters: ReadonlyArray<unknown>): unknown[] | undefined {
  return directRows.get(db)?.(sql, parameters);
}

/**
 * PostgreSQL's pool, for the same hot prepared queries: each runs straight on a pooled connection as a
 * named statement, so PostgreSQL parses and plans it once per connection instead of at every call, and
 * Kysely's connection hand-over is skipped. Only for a database's own Kysely instance (a transaction's
 * statements stay on its connection); the answer is Kysely's (rows, and the rows a write changed).
 */
const directQueries = new WeakMap<object, (sql: string, parameters: ReadonlyArray<unknown>) => Promise<QueryResult<unknown>>>();

export function queryNow(db: object, sql: string, parameters: ReadonlyArray<unknown>): Promise<QueryResult<unknown>> | undefined {
  return directQueries.get(db)?.(sql, parameters);
}

/** Commands whose answer counts the rows changed, as Kysely's PostgreSQL driver reports them. */
const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

export interface OpenOptions {
  /** Called with the SQL of every statement run (tests compare what two paths do and count them). */
  onQuery?: QueryListener;
  /** Plugins of the unscoped instance (the test harness's tenant guard, testing/tenant-guard.ts). */
  plugins?: KyselyPlugin[];
}

export function openDatabase(database: Config['database'], options: OpenOptions = {}): Db {
  const { onQuery } = options;
  if (database.kind === 'sqlite') {
    const log = { ...(onQuery ? { log: (event: LogEvent) => onQuery(event.query.sql) } : {}), plugins: options.plugins ?? [] };
    if (database.path !== ':memory:') createPrivately(database.path);
    let connection: NodeSqliteDatabase | undefined;
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: async () => (connection = new NodeSqliteDatabase(database.path)) }),
      ...log,
    });
    runAfterCommit(kysely);
    directRows.set(kysely, (sql, parameters) => {
      const rows = connection?.rowsNow(sql, parameters);
      if (rows) onQuery?.(sql);
      return rows;
    });
    return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  }
  // Loaded only here: a SQLite installation never needs pg (about 1.5 MB of heap).
  const { Pool, types } = createRequire(import.meta.url)('pg') as typeof pg;
  const pool = new Pool({
    connectionString: database.url,
    max: database.poolSize,
    // Time limits: a database that stops answering (packets dropped, nothing refused) must not hang
    // requests. Waiting for a connection, the server running a statement, and the client waiting for
    // the answer are each bounded; TCP keep-alive finds dead idle connections.
    connectionTimeoutMillis: database.connectTimeoutMs,
    idleTimeoutMillis: database.idleTimeoutMs,
    statement_timeout: database.statementTimeoutMs,
    query_timeout: database.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Times are epoch milliseconds in BIGINT columns; they fit a JS number exactly.
    types: { getTypeParser: (oid, format) => (oid === PG_INT8 ? Number : types.getTypeParser(oid, format)) } as pg.CustomTypesConfig,
  });
  // A client that loses its connection must not crash the process. The pool watches idle clients; a
  // client in use (checked out by a query) emits 'error' itself, so each gets a listener too. Its
  // query fails (503 to the caller) and the pool drops the dead client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    dropOnReadTimeout(client);
    nameOnClient(client, onQuery);
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: options.plugins ?? [] });
  runAfterCommit(kysely);
  directQueries.set(kysely, async (text, parameters) => {
    // As Kysely's driver does: a pooled client for the one statement, released whatever happens.
    const client = await pool.connect();
    try {
      const result = await client.query(text, [...parameters]);
      return {
        rows: result.rows ?? [],
        numAffectedRows: WRITE_COMMANDS.has(result.command) ? BigInt(result.rowCount ?? 0) : undefined,
      };
    } finally {
      client.release();
    }
  });
  return { kysely, dialect: 'postgres', pool, close: () => kysely.destroy() };
}

/**
 * Creates the SQLite file (and its directory) readable by its owner only before SQLite opens it:
 * SQLite would create it 0644, and gives its -wal and -shm files the database file's mode. An empty
 * file is a valid empty database. A file that exists keeps the mode its operator gave it.
 */
export function createPrivately(file: string): void {
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (error) {
    // Another process created it first.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** True when the database answers a trivial query within `withinMs` (a readiness probe must answer promptly). */
export async function pingDatabase(db: Db, withinMs = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  const ping = sql`select 1`.execute(db.kysely).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
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
