/**
 * Gives Kysely's own SqliteDialect a better-sqlite3-shaped database over Node's built-in `node:sqlite`,
 * so SQLite needs no native addon. Booleans are written as 1/0 and read back as booleans for columns
 * declared BOOLEAN; prepared statements are cached by SQL text.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';

import type { SqliteDatabase, SqliteStatement } from 'kysely';

const STATEMENT_CACHE_SIZE = 500;

type SqliteValue = null | number | bigint | string | Uint8Array;

function toSqlite(value: unknown): SqliteValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string' || value instanceof Uint8Array) {
    return value;
  }
  throw new TypeError(`SQLite cannot store a value of type ${typeof value}`);
}

class Statement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  readonly #booleanColumns: string[];

  constructor(statement: StatementSync) {
    this.#statement = statement;
    const columns = statement.columns();
    this.reader = columns.length > 0;
    this.#booleanColumns = columns.filter((c) => c.type?.toUpperCase() === 'BOOLEAN').map((c) => c.name);
  }

  #fix(row: unknown): unknown {
    if (this.#booleanColumns.length === 0 || row === null || typeof row !== 'object') return row;
    const record = row as Record<string, unknown>;
    for (const name of this.#booleanColumns) {
      const v = record[name];
      if (v !== null && v !== undefined) record[name] = v === 1 || v === 1n;
    }
    return record;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...parameters.map(toSqlite)).map((row) => this.#fix(row));
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(...parameters.map(toSqlite));
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    for (const row of this.#statement.iterate(...parameters.map(toSqlite))) yield this.#fix(row);
  }
}

export class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;
  readonly #cache = new Map<string, Statement>();

  constructor(location: string) {
    // A write waits up to 5 s for another process's write lock instead of failing at once.
    this.#db = new DatabaseSync(location, { timeout: 5000 });
    this.#db.exec('PRAGMA journal_mode = WAL');
    this.#db.exec('PRAGMA synchronous = NORMAL');
    this.#db.exec('PRAGMA foreign_keys = ON');
    // Keep the working set in memory: a page read from the OS is a system call, and the provider's
    // token lookups read pages all over its table. (64 MiB of page cache, and the file mapped.)
    this.#db.exec('PRAGMA cache_size = -65536');
    this.#db.exec('PRAGMA mmap_size = 268435456');
  }

  prepare(sql: string): SqliteStatement {
    // Take the write lock when a transaction begins, so two processes never deadlock upgrading read locks.
    const text = sql === 'begin' ? 'begin immediate' : sql;
    let statement = this.#cache.get(text);
    if (statement) {
      // Refresh its place in the LRU order.
      this.#cache.delete(text);
    } else {
      statement = new Statement(this.#db.prepare(text));
      if (this.#cache.size >= STATEMENT_CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value!);
    }
    this.#cache.set(text, statement);
    return statement;
  }

  /**
   * Runs a statement that answers rows at once, outside Kysely, when nothing else holds the connection
   * in a transaction (its statements would otherwise see that transaction's uncommitted writes).
   * Undefined when it cannot: the caller then goes through Kysely, which waits its turn.
   */
  rowsNow(sql: string, parameters: ReadonlyArray<unknown>): unknown[] | undefined {
    if (!this.#db.isOpen || this.#db.isTransaction) return undefined;
    const statement = this.prepare(sql) as Statement;
    return statement.reader ? statement.all(parameters) : undefined;
  }

  close(): void {
    this.#cache.clear();
    if (this.#db.isOpen) this.#db.close();
  }
}
