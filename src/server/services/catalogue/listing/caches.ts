import type { Db } from '../../../db/connection.js';
import { embeddedWrites } from '../../../db/embedded-writes.js';
import { reportToDatabase } from '../../../db/observers.js';
import type { ResolvedQuery } from '../search/resolve.js';

/**
 * Every in-memory cache of the catalogue's list reads, in one place (docs/catalogue-caches.md has
 * the table: what each keeps, its key, what invalidates it and what it was measured to gain).
 * Each is kept per database handle (a WeakMap), so tests and the bench never share one.
 *
 * - `answers`: finished answers of GET /products and /products/priceRange on the embedded
 *   database, until its next write.
 * - `readings`: the reading of a search text (search/resolve.ts), checked against
 *   `search_version` by the statement that uses it.
 * - `rankings`: every match's id, in relevance order, of a search by words alone, checked against
 *   `search_version` by the statement that reads the page.
 * - `tree`: the category tree, checked against `category_tree_version` by the statement that uses it.
 * - `shapes`: the compiled SQL of a statement per shape (filters present, sort).
 * - `words`: the catalogue's words in memory, which rank a search asked for the first time
 *   (search/word-index-store.ts), checked against `search_version` as a kept ranking is.
 */
export type CacheName = 'answers' | 'readings' | 'rankings' | 'tree' | 'shapes' | 'words';

const switchedOff = new WeakMap<Db, Set<CacheName>>();

/**
 * These caches are not used on this database (the bench measures without them; tests of what lies
 * below). `only`: these and no others are off.
 */
export function switchOffCaches(db: Db, names: readonly CacheName[], only = false): void {
  switchedOff.set(db, new Set([...(only ? [] : (switchedOff.get(db) ?? [])), ...names]));
}

export function cacheOn(db: Db, name: CacheName): boolean {
  return !switchedOff.get(db)?.has(name);
}

/** Counted by the app's metrics (cache hit ratios, docs/metrics.md). */
function counted<T>(db: Db, cache: CacheName, found: T | undefined): T | undefined {
  reportToDatabase(db, { type: 'cache', cache, result: found === undefined ? 'miss' : 'hit' });
  return found;
}

/** A kept entry found outdated by the statement that used it (every entry of that cache goes). */
export function countStale(db: Db, cache: CacheName): void {
  reportToDatabase(db, { type: 'cache', cache, result: 'stale' });
}

/** A map per database, created on first use. */
function perDb<V>() {
  const maps = new WeakMap<Db, Map<string, V>>();
  const of = (db: Db): Map<string, V> => {
    let map = maps.get(db);
    if (!map) {
      map = new Map();
      maps.set(db, map);
    }
    return map;
  };
  const forget = (db: Db): void => {
    maps.delete(db);
  };
  return { of, forget };
}

/** The entry under `key`, made the most recently used (the oldest is the first to go). */
function touch<V>(map: Map<string, V>, key: string): V | undefined {
  const hit = map.get(key);
  if (hit !== undefined) {
    map.delete(key);
    map.set(key, hit);
  }
  return hit;
}

function dropOldest<V>(map: Map<string, V>, max: number): void {
  while (map.size > max) map.delete(map.keys().next().value as string);
}

// ---------------------------------------------------------------- answers

/**
 * PGlite is one session in this process: shoppers asking at once queue behind each other's
 * statements. This process is also its only writer, and its pool counts every statement that may
 * write (db/embedded-writes.ts), so an answer read while the count was N is exactly what the
 * database would answer while it is still N. Requests for the same input that arrive while it is
 * being read wait for that reading. On PostgreSQL (other instances write too) every request reads.
 */
const maxAnswers = 1000;
const answers = new WeakMap<Db, { writes: number; answers: Map<string, Promise<unknown>> }>();

export async function rememberedAnswer<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  const writes = embeddedWrites(db);
  if (writes === null || !cacheOn(db, 'answers')) return read();
  let current = answers.get(db);
  if (current?.writes !== writes) {
    current = { writes, answers: new Map() };
    answers.set(db, current);
  }
  const held = current.answers;
  const hit = counted(db, 'answers', touch(held, key) as Promise<T> | undefined);
  // A shared reading that failed (a request's own fault, say) is read again by each.
  if (hit) return hit.catch(read);
  const reading = read();
  held.set(key, reading);
  dropOldest(held, maxAnswers);
  reading.catch(() => held.get(key) === reading && held.delete(key));
  return reading;
}

/** How many answers are kept for the current count of writes (tests). */
export function keptAnswers(db: Db): number {
  const current = answers.get(db);
  return current && current.writes === embeddedWrites(db) ? current.answers.size : 0;
}

// ---------------------------------------------------------------- readings

/**
 * Reading a search text costs a statement of its own, about a third of a search, and shoppers
 * repeat the same few thousand texts. A reading is kept with the `search_version` it was made at;
 * the statement that uses it reads the version again, and on a mismatch every reading is
 * forgotten. A reading that finds nothing is not kept (whether a new product now has the word
 * cannot be checked without a statement).
 */
const maxReadings = 5000;
const readings = perDb<ResolvedQuery>();

export function keptReading(db: Db, text: string): ResolvedQuery | undefined {
  return cacheOn(db, 'readings') ? counted(db, 'readings', touch(readings.of(db), text)) : undefined;
}

export function keepReading(db: Db, text: string, query: ResolvedQuery): void {
  if (query.nothing || query.version === null || !cacheOn(db, 'readings')) return;
  const held = readings.of(db);
  held.set(text, query);
  dropOldest(held, maxReadings);
}

/** Every reading goes: one was found outdated. */
export function forgetReadings(db: Db): void {
  countStale(db, 'readings');
  readings.forget(db);
}

// ---------------------------------------------------------------- rankings

/**
 * Ranking every product that has the word is most of a search's cost, yet the order depends only
 * on the products' names and the query. A ranking is kept with the `search_version` it was found
 * at (bumped when products are added, deleted or renamed, or the catalogue's words change), and
 * collected the second time a search is asked, so a search asked once costs what it did without it.
 */
export interface Ranking {
  /** Null: more matches than are kept (and not collected again). */
  ids: Int32Array | null;
  version: number;
}

/** A few thousand searches of up to 10 000 matches each, within a few megabytes. */
const maxRankings = 2000;
const maxRankedIds = 1_000_000;
const rankings = new WeakMap<Db, { entries: Map<string, Ranking>; size: number; seen: Map<string, true> }>();

function rankingsOf(db: Db) {
  let held = rankings.get(db);
  if (!held) {
    held = { entries: new Map(), size: 0, seen: new Map() };
    rankings.set(db, held);
  }
  return held;
}

/** The kept ranking of a search, or whether to collect one (it was asked before since the last forgetting). */
export function rankingFor(db: Db, key: string): { kept: Ranking | null; collect: boolean } {
  if (!cacheOn(db, 'rankings')) return { kept: null, collect: false };
  const { entries, seen } = rankingsOf(db);
  const hit = counted(db, 'rankings', touch(entries, key));
  if (hit) return { kept: hit, collect: false };
  if (seen.delete(key)) return { kept: null, collect: true };
  seen.set(key, true);
  dropOldest(seen, maxRankings);
  return { kept: null, collect: false };
}

/** Keeps a ranking found at `version`; `ids` null when there were too many to keep. */
export function keepRanking(db: Db, key: string, ids: Int32Array | null, version: number): void {
  const held = rankingsOf(db);
  const previous = held.entries.get(key);
  if (previous) {
    held.entries.delete(key);
    held.size -= previous.ids?.length ?? 0;
  }
  held.entries.set(key, { ids, version });
  held.size += ids?.length ?? 0;
  for (const [oldest, ranking] of held.entries) {
    if (held.entries.size <= maxRankings && held.size <= maxRankedIds) break;
    held.entries.delete(oldest);
    held.size -= ranking.ids?.length ?? 0;
  }
}

/** Every ranking goes: one was found outdated. */
export function forgetRankings(db: Db): void {
  countStale(db, 'rankings');
  rankings.delete(db);
}

/** How many rankings are kept (tests). */
export function keptRankings(db: Db): number {
  return rankings.get(db)?.entries.size ?? 0;
}

// ---------------------------------------------------------------- tree

export interface CategoryTree {
  version: number;
  byId: Map<number, { parentId: number | null; url: string }>;
  byUrl: Map<string, number>;
  children: Map<number, number[]>;
}

const trees = new WeakMap<Db, CategoryTree>();

export function keptTree(db: Db): CategoryTree | undefined {
  return cacheOn(db, 'tree') ? counted(db, 'tree', trees.get(db)) : undefined;
}

export function keepTree(db: Db, tree: CategoryTree): void {
  if (cacheOn(db, 'tree')) trees.set(db, tree);
}

// ---------------------------------------------------------------- shapes

export interface CompiledShape {
  sql: string;
  parameters: readonly unknown[];
}

/** Shapes are combinations of filters and sorts: a few hundred at most in practice. */
const maxShapes = 2000;
const shapes = perDb<CompiledShape>();

export function keptShape(db: Db, key: string): CompiledShape | undefined {
  return cacheOn(db, 'shapes') ? counted(db, 'shapes', shapes.of(db).get(key)) : undefined;
}

export function keepShape(db: Db, key: string, compiled: CompiledShape): void {
  const held = shapes.of(db);
  if (cacheOn(db, 'shapes') && held.size < maxShapes) held.set(key, compiled);
}

/** Empties every cache of this database (the bench, between runs). */
export function forgetCaches(db: Db): void {
  answers.delete(db);
  readings.forget(db);
  rankings.delete(db);
  trees.delete(db);
  shapes.forget(db);
}

/** Every read on this database runs in full (tests of what lies below the answers). */
export function keepNoAnswers(db: Db): void {
  switchOffCaches(db, ['answers']);
}

/**
 * Every search on this database reads its text and ranks its matches afresh, as a search asked for
 * the first time does (the bench's `--no-rankings`).
 */
export function keepNoRankings(db: Db): void {
  switchOffCaches(db, ['readings', 'rankings']);
}

/** Every search on this database runs in the database in full (to measure that path, and to compare with it). */
export function keepNoWordIndex(db: Db): void {
  switchOffCaches(db, ['rankings', 'words']);
}
