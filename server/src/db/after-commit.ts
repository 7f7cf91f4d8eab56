/**
 * Work that must wait until a transaction has committed (waking a delivery loop, dropping a cached
 * provider, telling other processes): every transaction opened on the database's Kysely instance carries
 * a list of such effects, run in order once its COMMIT has returned and dropped when it rolls back. The
 * same on SQLite and PostgreSQL, since both open transactions through Kysely's TransactionBuilder, which
 * commits or rolls back around the callback; the list rides on the Transaction object the callback gets.
 */
import type { Kysely, Transaction, TransactionBuilder } from 'kysely';

import type { Database } from './schema.ts';

const EFFECTS = Symbol('gatehouse.afterCommit');

type Carrier = { [EFFECTS]?: (() => void)[] };

/** Makes every transaction of this instance carry its after-commit list (db/database.ts calls it once). */
export function runAfterCommit(kysely: Kysely<Database>): void {
  const open = kysely.transaction.bind(kysely);
  kysely.transaction = () => carrying(open());
}

function carrying(builder: TransactionBuilder<Database>): TransactionBuilder<Database> {
  const wrapped = {
    setAccessMode: (mode: Parameters<TransactionBuilder<Database>['setAccessMode']>[0]) => carrying(builder.setAccessMode(mode)),
    setIsolationLevel: (level: Parameters<TransactionBuilder<Database>['setIsolationLevel']>[0]) =>
      carrying(builder.setIsolationLevel(level)),
    async execute<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      const effects: (() => void)[] = [];
      const result = await builder.execute((trx) => {
        (trx as Carrier)[EFFECTS] = effects;
        return work(trx);
      });
      for (const effect of effects) {
        try {
          effect();
        } catch (error) {
          // The change is committed whatever an effect does; a failing effect is a bug to see, not the request's failure.
          process.emitWarning(error instanceof Error ? error : String(error), 'AfterCommitWarning');
        }
      }
      return result;
    },
  };
  return wrapped as unknown as TransactionBuilder<Database>;
}

/**
 * Gives `copy` (a `withPlugin` copy of the transaction `trx`, such as the scoped store's) the same
 * after-commit list: a copy is a new Transaction object, which would otherwise carry none.
 */
export function carryAfterCommit(trx: { isTransaction: boolean }, copy: { isTransaction: boolean }): void {
  const effects = (trx as Carrier)[EFFECTS];
  if (effects) (copy as Carrier)[EFFECTS] = effects;
}

/** True when `db` is a transaction that carries an after-commit list. */
export function carriesAfterCommit(db: { isTransaction: boolean }): boolean {
  return db.isTransaction && (db as Carrier)[EFFECTS] !== undefined;
}

/**
 * Runs `effect` once the transaction `trx` has committed; never when it rolls back. An effect that
 * throws becomes a process warning: the change is committed and the caller's answer stands.
 */
export function afterCommit(trx: { isTransaction: boolean }, effect: () => void): void {
  const effects = (trx as Carrier)[EFFECTS];
  if (!trx.isTransaction || !effects) throw new Error('afterCommit needs a transaction opened on the database (db/database.ts)');
  effects.push(effect);
}
