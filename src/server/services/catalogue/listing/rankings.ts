import type { Db } from '../../../db/connection.js';
import { keepRanking } from './caches.js';
import { wordsAlone, type Shape, type Values } from './filters.js';
import { exactCountLimit } from './page.js';

/**
 * Ranked matches of plain name searches (the store is in caches.ts). Ranking every product that
 * has the word is most of a search's cost (the 1 041 sneakers of the bench: ~3 ms of PostgreSQL
 * per request), yet the order depends only on the products' names and the query: a search by
 * words alone (no other filter), by relevance, keeps every match's id in relevance order, and the
 * next page or the next shopper asking the same only reads the page's cards, by id. The cards
 * themselves (price, stock, rating) are always read fresh.
 */

/** The key of a search whose ranking can be kept: words alone, by relevance; null otherwise. */
export function rankingKey(shape: Shape, values: Values, sortBy: string): string | null {
  if (sortBy !== 'relevance' || !wordsAlone(shape)) return null;
  return `${values.tsquery}\n${values.rankQuery}`;
}

/**
 * Keeps a ranking found at `version`. Of more than `exactCountLimit` matches only that is kept, so
 * that such a search is not asked to collect its ranking again.
 */
export function keepRankedIds(db: Db, key: string, ids: readonly number[], version: number | string | null): void {
  if (version === null) return;
  keepRanking(db, key, ids.length > exactCountLimit ? null : Int32Array.from(ids), Number(version));
}
