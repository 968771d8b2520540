import { CompiledQuery } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { reportToDatabase } from '../../../db/observers.js';
import { cacheOn } from '../listing/caches.js';
import { WordIndex, type IndexedProduct } from './word-index.js';

/**
 * The word index of each database handle (word-index.ts), built in the background on the first
 * search that can use it and built again once a search statement reports a newer
 * `search_version` (products added, deleted or renamed; the catalogue's words changed). Until the
 * index is as new as the newest version seen, searches run in the database. A ranking from the
 * index carries the index's version, which the statement reading the page checks, as a kept
 * ranking's (listing/list-products.ts): a version that moved since falls back to the full search.
 */
interface Held {
  index: { words: WordIndex; version: number } | null;
  /** The newest `search_version` a statement reported. */
  newest: number;
  building: boolean;
  /** No build starts before this time: rebuilding takes at most a tenth of the database's time. */
  notBefore: number;
}

const held = new WeakMap<Db, Held>();
/** Rows per statement while building: other requests are served between the statements. */
const chunkRows = 5_000;

function heldOf(db: Db): Held {
  let state = held.get(db);
  if (!state) {
    state = { index: null, newest: -1, building: false, notBefore: 0 };
    held.set(db, state);
  }
  return state;
}

/** A statement read `search_version` as `version`: an index older than that is not used again. */
export function sawSearchVersion(db: Db, version: number | string | null | undefined): void {
  if (version === null || version === undefined) return;
  const state = heldOf(db);
  if (state.index && state.index.version < Number(version) && state.newest <= state.index.version) {
    // The first statement to find the index outdated (the metrics' `stale`).
    reportToDatabase(db, { type: 'cache', cache: 'words', result: 'stale' });
  }
  state.newest = Math.max(state.newest, Number(version));
}

/** A search's matches ranked from the index: the first ids in order, how many match, and the index's version. */
export interface IndexedRanking {
  ids: Int32Array;
  count: number;
  version: number;
}

/**
 * The matches of a search by words alone, best first (the first `wanted` ids), with the version of
 * the catalogue the index holds; null when the index is not built or outdated (a build starts),
 * cannot rank this query, or more than `limit` products match.
 */
export function indexRanking(db: Db, tsquery: string, rankQuery: string, limit: number, wanted = Infinity): IndexedRanking | null {
  if (!cacheOn(db, 'words')) return null;
  const state = heldOf(db);
  const index = state.index;
  if (!index || index.version < state.newest) {
    startBuild(db, state);
    reportToDatabase(db, { type: 'cache', cache: 'words', result: 'miss' });
    return null;
  }
  const found = index.words.rank(tsquery, rankQuery, limit, wanted);
  // Counted by the app's metrics: a query the index does not rank is a miss too.
  reportToDatabase(db, { type: 'cache', cache: 'words', result: found ? 'hit' : 'miss' });
  return found ? { ...found, version: index.version } : null;
}

function startBuild(db: Db, state: Held): void {
  if (state.building || Date.now() < state.notBefore) return;
  state.building = true;
  const started = performance.now();
  buildIndex(db)
    .then((built) => {
      if (!built) return;
      sawSearchVersion(db, built.version);
      if (built.version >= state.newest) state.index = built;
    })
    // A build that fails (the database closing under it) leaves the searches in the database.
    .catch(() => undefined)
    .finally(() => {
      state.building = false;
      state.notBefore = Date.now() + 9 * (performance.now() - started);
    });
}

/** The index at one `search_version`; null when the version moved while the chunks were read. */
async function buildIndex(db: Db): Promise<{ words: WordIndex; version: number } | null> {
  const products: IndexedProduct[] = [];
  let version: number | null = null;
  let after = 0;
  for (;;) {
    const chunk = await db.executeQuery<{ id: number; search: string; version: string | number }>(
      CompiledQuery.raw(
        `select v.version, p.id, p.search::text as search from search_version v
          left join lateral (select id, search from products where id > $1 order by id limit $2) p on true`,
        [after, chunkRows],
      ),
    );
    const first = chunk.rows[0];
    if (!first) return null;
    if (version !== null && Number(first.version) !== version) return null;
    version = Number(first.version);
    const rows = chunk.rows.filter((row) => row.id !== null);
    for (const row of rows) products.push({ id: row.id, search: row.search ?? '' });
    if (rows.length < chunkRows) break;
    after = (rows.at(-1) as { id: number }).id;
  }
  const words = WordIndex.build(products);
  return words ? { words, version } : null;
}

/** The version the index was built at, or null (tests). */
export function indexedVersion(db: Db): number | null {
  return held.get(db)?.index?.version ?? null;
}

/** Forgets the index of this database (the bench, between runs). */
export function forgetWordIndex(db: Db): void {
  held.delete(db);
}
