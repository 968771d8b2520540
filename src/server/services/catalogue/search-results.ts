import type { Db } from '../../db/connection.js';
import { wordsAlone, type Shape, type Values } from './product-filters.js';
import { exactCountLimit } from './product-page.js';

/**
 * Ranked matches of recent plain name searches, per database (issues 13 and 16, speed). Ranking
 * every product that has the word is most of a search's cost (the 1 041 sneakers of the bench:
 * ~3 ms of PostgreSQL per request), yet the order depends only on the products' names and the
 * query: a search by words alone (no other filter), by relevance, keeps every match's id in
 * relevance order, and the next page or the next shopper asking the same only reads the page's
 * cards, by id. An entry is kept with the `search_version` it was found at (migrations 0012 and
 * 0014: bumped when products are added, deleted or renamed, or the catalogue's words change); the
 * statement that reads the cards reads the version again, and on a mismatch every entry is
 * forgotten and the search runs in full. The cards themselves (price, stock, rating) are always
 * read fresh. A ranking is collected the second time a search is asked, so a search asked once
 * costs what it did without this.
 */
interface Ranking {
  /** Null: more than `exactCountLimit` matches, which are not kept (nor collected again). */
  ids: Int32Array | null;
  version: number;
}

interface Rankings {
  entries: Map<string, Ranking>;
  /** Ids held by all entries. */
  size: number;
  /** Searches asked once since, whose ranking is collected when asked again. */
  seen: Set<string>;
}

/** A few thousand searches of up to `exactCountLimit` matches each, within a few megabytes. */
const maxEntries = 2000;
const maxIds = 1_000_000;

const rankings = new WeakMap<Db, Rankings>();
/** Databases whose searches always run in full (the bench's `--no-rankings`). */
const unkept = new WeakSet<Db>();

function rankingsOf(db: Db): Rankings {
  let held = rankings.get(db);
  if (!held) {
    held = { entries: new Map(), size: 0, seen: new Set() };
    rankings.set(db, held);
  }
  return held;
}

/** The key of a search whose ranking can be kept: words alone, by relevance; null otherwise. */
export function rankingKey(shape: Shape, values: Values, sortBy: string): string | null {
  if (sortBy !== 'relevance' || !wordsAlone(shape)) return null;
  return `${values.tsquery}\n${values.rankQuery}`;
}

/**
 * For a plain search: its kept ranking, or whether to collect one (it was asked before since the
 * rankings were last forgotten).
 */
export function rankingFor(db: Db, key: string): { kept: Ranking | null; collect: boolean } {
  if (unkept.has(db)) return { kept: null, collect: false };
  const { entries, seen } = rankingsOf(db);
  const hit = entries.get(key);
  if (hit) {
    // Most recently used last: the oldest is the first to go.
    entries.delete(key);
    entries.set(key, hit);
    return { kept: hit, collect: false };
  }
  if (seen.delete(key)) return { kept: null, collect: true };
  seen.add(key);
  if (seen.size > maxEntries) seen.delete(seen.values().next().value ?? key);
  return { kept: null, collect: false };
}

/**
 * Keeps a ranking found at `version`. Of more than `exactCountLimit` matches only that is kept, so
 * that such a search is not asked to collect its ranking again.
 */
export function keepRanking(db: Db, key: string, ids: readonly number[], version: number | string | null): void {
  if (version === null || unkept.has(db)) return;
  const held = rankingsOf(db);
  const previous = held.entries.get(key);
  if (previous) {
    held.entries.delete(key);
    held.size -= previous.ids?.length ?? 0;
  }
  const kept = ids.length > exactCountLimit ? null : Int32Array.from(ids);
  held.entries.set(key, { ids: kept, version: Number(version) });
  held.size += kept?.length ?? 0;
  for (const [oldest, ranking] of held.entries) {
    if (held.entries.size <= maxEntries && held.size <= maxIds) break;
    held.entries.delete(oldest);
    held.size -= ranking.ids?.length ?? 0;
  }
}

/** The catalogue changed since a kept ranking was found: forget them all. */
export function forgetRankings(db: Db): void {
  rankings.delete(db);
}

/** Every search on this database runs in full (to measure that path). */
export function keepNoRankings(db: Db): void {
  unkept.add(db);
}

/** How many rankings are kept (tests). */
export function keptRankings(db: Db): number {
  return rankings.get(db)?.entries.size ?? 0;
}
