/**
 * Group commit for SQLite. On SQLite a commit (writing the changed pages to the WAL) costs far more
 * than the statement itself, and one connection serves every request anyway; so small writes that
 * arrive together are run in one transaction, and each caller continues once that transaction has
 * committed. If the shared transaction fails, every write is retried on its own, so one bad write
 * fails only its caller. PostgreSQL has a pool of connections and commits in parallel: writes run
 * directly there. A write of several statements that must land together (an artefact and its event)
 * says so (`atomic`) and then always runs in a transaction; a lone statement needs none, and on SQLite a
 * transaction would hold the one connection from reads across its awaits.
 */
import type { Kysely } from 'kysely';

import type { Db } from './database.ts';
import type { Database, Executor } from './schema.ts';

interface PendingWrite {
  run: (db: Executor) => Promise<unknown>;
  atomic: boolean;
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

  enqueue<T>(run: (db: Executor) => Promise<T>, atomic: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({ run, atomic, resolve: resolve as (value: unknown) => void, reject });
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
      this.#alone(only);
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
      for (const write of batch) this.#alone(write);
      return;
    }
    batch.forEach((write, i) => write.resolve(results[i]));
  }

  /** One write on its own: in a transaction when its statements must land together. */
  #alone(write: PendingWrite): void {
    runWrite(this.#db, write.run, write.atomic).then(write.resolve, write.reject);
  }
}

const batchers = new WeakMap<Db, WriteBatcher>();

function runWrite<T>(db: Kysely<Database>, run: (db: Executor) => Promise<T>, atomic: boolean): Promise<T> {
  return atomic ? db.transaction().execute(run) : run(db);
}

/**
 * Runs a small write, committed together with other writes arriving at the same moment (SQLite).
 * `atomic`: the write has several statements that must land together or not at all.
 */
export function batchedWrite<T>(db: Db, run: (db: Executor) => Promise<T>, atomic = false): Promise<T> {
  if (db.dialect !== 'sqlite') return runWrite(db.kysely, run, atomic);
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new WriteBatcher(db.kysely);
    batchers.set(db, batcher);
  }
  return batcher.enqueue(run, atomic);
}
