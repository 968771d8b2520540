import type { Db } from '../../db/connection.js';
import { embeddedWrites } from '../../db/embedded-writes.js';

/**
 * Finished answers of the catalogue's list reads on the embedded database (docs/catalogue-caches.md).
 * PGlite is one session in this process: four shoppers asking at once queue behind each other's
 * statements, and a page's statement alone costs 2–4 ms there. This process is also its only
 * writer, and its pool counts every statement that may write (db/embedded-writes.ts), so an answer
 * read while the count was N is exactly what the database would answer while it is still N. An
 * answer is kept under its input until the next write, when all are dropped at once; requests for
 * the same input that arrive while it is being read wait for that reading instead of repeating it.
 * On PostgreSQL (other instances write too) every request reads.
 */
interface Held {
  writes: number;
  /** Most recently used last. */
  answers: Map<string, Promise<unknown>>;
}

const maxAnswers = 1000;
const held = new WeakMap<Db, Held>();
/** Databases whose reads are never kept (the bench's `--no-rankings`, tests of what lies below). */
const unkept = new WeakSet<Db>();

export async function rememberedAnswer<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  const writes = embeddedWrites(db);
  if (writes === null || unkept.has(db)) return read();
  let current = held.get(db);
  if (current?.writes !== writes) {
    current = { writes, answers: new Map() };
    held.set(db, current);
  }
  const answers = current.answers;
  const hit = answers.get(key) as Promise<T> | undefined;
  if (hit) {
    answers.delete(key);
    answers.set(key, hit);
    // A shared reading that failed (a request's own fault, say) is read again by each.
    return hit.catch(read);
  }
  const reading = read();
  answers.set(key, reading);
  if (answers.size > maxAnswers) answers.delete(answers.keys().next().value ?? key);
  reading.catch(() => answers.get(key) === reading && answers.delete(key));
  return reading;
}

/** Every read on this database runs in full. */
export function keepNoAnswers(db: Db): void {
  unkept.add(db);
}

/** How many answers are kept for the current count of writes (tests). */
export function keptAnswers(db: Db): number {
  const current = held.get(db);
  return current && current.writes === embeddedWrites(db) ? current.answers.size : 0;
}
