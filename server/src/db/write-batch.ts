/**
 * Group commit for SQLite. On SQLite a commit (writing the changed pages to the WAL) costs far more
 * than the statement itself, and one connection serves every request anyway; so small writes that
 * arrive together are run in one transaction, and each caller continues once that transaction has
 * committed. If the shared transaction fails, every write is retried on its own, so one bad write
 * fails only its caller. PostgreSQL has a pool of connections and commits in parallel: writes run
 * directly there.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

interface PendingWrite {
  run: (db: Executor) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

class WriteBatcher {
  readonly #db: Kysely<Database>;
  #pending: PendingWrite[] = [];
  #scheduled = false;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  enqueue<T>(run: (db: Executor) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#pending;
    this.#pending = [];
    this.#scheduled = false;
    if (batch.length === 1) {
      const [only] = batch as [PendingWrite];
      only.run(this.#db).then(only.resolve, only.reject);
      return;
    }
    let results: unknown[];
    try {
      results = await this.#db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const write of batch) out.push(await write.run(trx));
        return out;
      });
    } catch {
      for (const write of batch) write.run(this.#db).then(write.resolve, write.reject);
      return;
    }
    batch.forEach((write, i) => write.resolve(results[i]));
  }
}

const batchers = new WeakMap<Db, WriteBatcher>();

/** Runs a small write, committed together with other writes arriving at the same moment (SQLite). */
export function batchedWrite<T>(db: Db, run: (db: Executor) => Promise<T>): Promise<T> {
  if (db.dialect !== 'sqlite') return run(db.kysely);
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new WriteBatcher(db.kysely);
    batchers.set(db, batcher);
  }
  return batcher.enqueue(run);
}
