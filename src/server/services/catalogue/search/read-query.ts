import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { forgetReadings, keepReading, keptReading } from '../listing/caches.js';
import { resolveQuery, type ResolvedQuery } from './resolve.js';

/**
 * A search text's reading, remembered (listing/caches.ts, `readings`). A remembered reading is
 * only trusted when the statement that uses it reads the same `search_version`
 * (`searchVersionCheck`), so a new word, colour, brand or synonym counts from the next request
 * on, also across instances.
 */
export interface QueryReading {
  query: ResolvedQuery;
  /** Came from memory: the statement must confirm its version. */
  cached: boolean;
}

/** The version the reading's statement compares with `query.version`. */
export const searchVersionCheck = sql<number | string | null>`(select version from search_version)`;

export async function readQuery(db: Db, text: string): Promise<QueryReading> {
  const key = text.trim().toLowerCase();
  const hit = keptReading(db, key);
  if (hit) return { query: hit, cached: true };
  const query = await resolveQuery(db, text);
  keepReading(db, key, query);
  return { query, cached: false };
}

/** True when a remembered reading was used under another version: every reading is forgotten. */
export function readingOutdated(db: Db, reading: QueryReading | null, version: number | string | null | undefined): boolean {
  if (!reading?.cached || Number(version) === reading.query.version) return false;
  forgetReadings(db);
  return true;
}
