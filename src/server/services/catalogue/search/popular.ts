import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { inTransaction } from '../../../db/transaction.js';
import { normalize } from './text.js';

/**
 * Popular searches (docs/search.md, "Suggestions and popular searches"): the search texts that
 * found products, counted per normalised text. The results page's search records its text here
 * without waiting: counts gather in memory and are written together a moment later (or at once
 * when many are waiting), so the shopper's answer never waits for this write. Counts still in
 * memory when the process stops are lost — these are statistics, not records.
 */

/** How long recorded searches wait in memory before they are written. */
export const popularFlushDelayMs = 2_000;
/** Written at once when this many different texts are waiting. */
const maxPending = 500;
/** The table keeps at most this many texts: past it the least asked, then the oldest, go. */
export const popularSearchesCap = 2_000;
/** A text nobody has asked for this long is dropped by the hourly housekeeping. */
export const popularSearchStaleDays = 90;
const maxLength = 100;

interface Pending {
  counts: Map<string, number>;
  timer: NodeJS.Timeout | null;
}

const pendingByDb = new WeakMap<Db, Pending>();

/** Lower case, «ё» as «е», single spaces; null for a text too short or long to be worth counting. */
export function normalizeSearchText(text: string): string | null {
  const normalized = normalize(text).replace(/\s+/gu, ' ').trim();
  if ([...normalized].length < 2 || normalized.length > maxLength || !/[\p{L}\p{N}]/u.test(normalized)) return null;
  return normalized;
}

/** Counts one search that found products; returns at once (the write happens later). */
export function recordSearch(db: Db, text: string): void {
  const query = normalizeSearchText(text);
  if (!query) return;
  let pending = pendingByDb.get(db);
  if (!pending) {
    pending = { counts: new Map(), timer: null };
    pendingByDb.set(db, pending);
  }
  pending.counts.set(query, (pending.counts.get(query) ?? 0) + 1);
  if (pending.counts.size >= maxPending) {
    void flushPopularSearches(db).catch(() => undefined);
    return;
  }
  if (!pending.timer) {
    pending.timer = setTimeout(() => void flushPopularSearches(db).catch(() => undefined), popularFlushDelayMs);
    pending.timer.unref();
  }
}

/** Writes the counts waiting in memory, then trims the table to its cap; one transaction. */
export async function flushPopularSearches(db: Db): Promise<number> {
  const pending = pendingByDb.get(db);
  if (!pending || pending.counts.size === 0) return 0;
  if (pending.timer) clearTimeout(pending.timer);
  // Sorted, so two instances writing the same texts lock them in the same order.
  const rows = [...pending.counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([query, count]) => ({ query, count }));
  pending.counts = new Map();
  pending.timer = null;
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('popularSearches')
      .values(rows)
      .onConflict((oc) => oc.column('query').doUpdateSet({ count: sql<number>`popular_searches.count + excluded.count`, lastAt: sql<Date>`now()` }))
      .execute();
    // Over the cap: the least asked, then the oldest, go — never a text this write counted (its
    // `last_at` is this transaction's now()), so a new text always gets in.
    const { total } = await trx.selectFrom('popularSearches').select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const excess = Number(total) - popularSearchesCap;
    if (excess > 0) {
      await trx
        .deleteFrom('popularSearches')
        .where('query', 'in', (eb) =>
          eb.selectFrom('popularSearches').select('query').where('lastAt', '<', sql<Date>`now()`).orderBy('count', 'asc').orderBy('lastAt', 'asc').limit(excess),
        )
        .execute();
    }
  });
  return rows.length;
}

/** The most asked searches that found products, most asked (then most recent) first. */
export async function listPopularSearches(db: Db, limit: number): Promise<{ queries: string[] }> {
  const rows = await db.selectFrom('popularSearches').select('query').orderBy('count', 'desc').orderBy('lastAt', 'desc').limit(limit).execute();
  return { queries: rows.map((row) => row.query) };
}

/** For the hourly housekeeping: texts nobody has searched for in `popularSearchStaleDays`. */
export async function purgePopularSearches(db: Db): Promise<{ popularSearches: number }> {
  const result = await db
    .deleteFrom('popularSearches')
    .where('lastAt', '<', sql<Date>`now() - make_interval(days => ${popularSearchStaleDays})`)
    .executeTakeFirst();
  return { popularSearches: Number(result.numDeletedRows) };
}

/**
 * The results page's search (GET /products with `name`): its first page, when it found products,
 * counts the text as understood (`correctedQuery` when a word was converted: «gkfnmt» counts as
 * «платье»). Returns the answer unchanged.
 */
export function withSearchRecorded<T extends { rows: unknown[]; correctedQuery?: string }>(
  db: Db,
  input: { name?: string | undefined; offset?: number | undefined; cursor?: string | undefined },
  answer: T,
): T {
  const firstPage = !input.offset && !input.cursor;
  if (input.name && firstPage && answer.rows.length > 0) recordSearch(db, answer.correctedQuery ?? input.name);
  return answer;
}
