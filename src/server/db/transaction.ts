import type { Db } from './connection.js';
import { isRetryableConflict } from './errors.js';

/** How many times a transaction that lost a deadlock or a serialization conflict is run. */
const maxAttempts = 4;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TransactionOptions {
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
}

/**
 * Every write of the shop runs here: one transaction, run again (a bounded number of times, after
 * a short random pause) when PostgreSQL chose it as a deadlock victim or found a serialization
 * conflict; past the last attempt the error is answered 409 by the error translation. Inside a
 * transaction already, `work` simply joins it (the outer one decides about running again).
 * `work` must not have effects outside the database: it may run more than once.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  if (db.isTransaction) return work(db);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const builder = options.isolation ? db.transaction().setIsolationLevel(options.isolation) : db.transaction();
      return await builder.execute(work);
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= maxAttempts) throw error;
      await pause(5 + Math.random() * 20 * attempt);
    }
  }
}
