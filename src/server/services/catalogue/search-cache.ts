import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { resolveQuery, type ResolvedQuery } from './search.js';

/**
 * Recent readings of search texts, per database (issue 16, speed). Reading a query (search.ts)
 * costs a statement of its own, about a third of a search; shoppers repeat the same few thousand
 * texts. A reading is kept with the `search_version` it was made at (migration 0012), and the
 * statement that uses it reads the version again: on a mismatch the caller forgets every reading
 * and asks again (`listProducts`, `priceRange`), so a new word, colour, brand or synonym counts
 * from the next request on, also across instances. A reading that finds nothing is not kept
 * (whether a new product now has the word cannot be checked without a statement).
 */
export interface QueryReading {
  query: ResolvedQuery;
  /** Came from memory: the statement must confirm its version. */
  cached: boolean;
}

const maxReadings = 5000;
const readings = new WeakMap<Db, Map<string, ResolvedQuery>>();

/** The version the reading's statement compares with `query.version`. */
export const searchVersionCheck = sql<number | string | null>`(select version from search_version)`;

function readingsOf(db: Db): Map<string, ResolvedQuery> {
  let cache = readings.get(db);
  if (!cache) {
    cache = new Map();
    readings.set(db, cache);
  }
  return cache;
}

export async function readQuery(db: Db, text: string): Promise<QueryReading> {
  const key = text.trim().toLowerCase();
  const cache = readingsOf(db);
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last: the oldest is the first to go.
    cache.delete(key);
    cache.set(key, hit);
    return { query: hit, cached: true };
  }
  const query = await resolveQuery(db, text);
  if (!query.nothing && query.version !== null) {
    cache.set(key, query);
    if (cache.size > maxReadings) cache.delete(cache.keys().next().value ?? key);
  }
  return { query, cached: false };
}

/** True when a remembered reading was used under another version: forget all and read again. */
export function readingOutdated(db: Db, reading: QueryReading | null, version: number | string | null | undefined): boolean {
  if (!reading?.cached || Number(version) === reading.query.version) return false;
  readingsOf(db).clear();
  return true;
}
