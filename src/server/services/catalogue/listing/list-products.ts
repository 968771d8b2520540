import type { z } from 'zod';
import type { ProductCard, productListSchema } from '../../../../shared/schemas/catalogue.js';
import type { Db } from '../../../db/connection.js';
import type { ResolvedQuery } from '../search/resolve.js';
import { readingOutdated, readQuery, type QueryReading } from '../search/read-query.js';
import { forgetRankings, keepRanking, rankingFor, rememberedAnswer } from './caches.js';
import { indexRanking, sawSearchVersion } from '../search/word-index-store.js';
import { hasFilters, needsTree, prepare, withQueryFilters, wordsAlone } from './filters.js';
import { cursorPosition, nextCursorAfter } from './keyset.js';
import { exactCountLimit, pageStatement, type ListSort, type PageWalk } from './page.js';
import { keepRankedIds, rankingKey } from './rankings.js';
import { executeShaped } from './shaped.js';
import { namedCards } from './card-names.js';
import { withCategoryTree, type Tree, type TreeVersionCheck } from './tree.js';

type ListInput = z.output<typeof productListSchema>;

/**
 * GET /products: one statement returns the page with its colours and brands and the total. The
 * total is exact from a counter when nothing is filtered and counted exactly up to
 * `exactCountLimit` matches; above that it is `exactCountLimit` with `approximate: true`.
 */
export interface ProductListAnswer {
  rows: ProductCard[];
  length: number;
  /** The total is the planner's estimate (more than `exactCountLimit` matches). */
  approximate: boolean;
  /** The search as it was understood, when a word was converted or corrected. */
  correctedQuery?: string;
  /** Nearest known words when a search word matched nothing. */
  suggestions?: string[];
  /** With a `cursor` only: the next page's cursor, null on the last page (keyset.ts). */
  nextCursor?: string | null;
}

/** Where a cursor walk stands: on its first page, or after a row. */
type Position = { key: string; id: number } | null;

/**
 * The one entry point of a list read, in order: the answer kept on the embedded database
 * (caches.ts, `answers`); the reading of the search text (search/); the page statement, built from
 * the in-memory category tree when a category is filtered (tree.ts) and from a kept ranking for a
 * plain search asked before (rankings.ts); a second reading only when the remembered one turned
 * out older than the catalogue's words.
 */
export function listProducts(db: Db, input: ListInput): Promise<ProductListAnswer> {
  // A name without sortBy sorts by relevance, which a cursor cannot walk (keyset.ts).
  const walk = input.cursor === undefined ? undefined : { at: cursorPosition(input.cursor, input.offset, input.sortBy ?? (input.name ? 'relevance' : 'createdAt')) };
  return rememberedAnswer(db, JSON.stringify(['list', input]), async () => {
    const remembered = input.name ? await readQuery(db, input.name) : null;
    const first = await readList(db, input, remembered, walk);
    if (!readingOutdated(db, remembered, first.searchVersion)) return first.answer;
    // The remembered reading of the search text predates the catalogue's words: read it again.
    return (await readList(db, input, await readQuery(db, input.name ?? ''), walk)).answer;
  });
}

type PageRow = Awaited<ReturnType<typeof readPage>>['result'];

async function readList(
  db: Db,
  listInput: ListInput,
  reading: QueryReading | null,
  walk: { at: Position } | undefined,
): Promise<{ answer: ProductListAnswer; searchVersion?: number | string | null }> {
  const query = reading?.query ?? null;
  const cursorAnswer = walk ? { nextCursor: null } : {};
  // A name without any letter or digit, or with a word nothing matches, finds nothing.
  if (query?.nothing) {
    return { answer: { rows: [], length: 0, approximate: false, ...(query.suggestions.length ? { suggestions: query.suggestions } : {}), ...cursorAnswer } };
  }
  const input = { ...listInput, ...withQueryFilters(listInput, query) };
  const sortBy = input.sortBy ?? (query ? 'relevance' : 'createdAt');
  // Relevance is always best first.
  const sort: ListSort = { sortBy, direction: sortBy === 'relevance' ? 'desc' : input.orderBy };
  const page: PageRequest = { input, query, sort, searching: reading !== null, walk: walk ? (walk.at ? 'after' : 'start') : 'none', at: walk?.at ?? null };
  const row: PageRow = needsTree(input)
    ? await withCategoryTree(db, (tree, versionCheck, db) => readPage(db, page, tree, versionCheck))
    : (await readPage(db, page, null, null)).result;

  // Above `exactCountLimit` filtered matches the total is not counted: the answer says «more than
  // 10 000» (approximate) and pages up to there, so the last page is reachable and never empty.
  let length = Number(row.length ?? 0);
  let approximate = false;
  if (hasFilters(row.shape) && length > exactCountLimit) {
    length = exactCountLimit;
    approximate = true;
  }
  const answer: ProductListAnswer = {
    rows: await namedCards(db, row.rows, row.cardNamesVersion),
    length,
    approximate,
    ...(query?.correctedQuery ? { correctedQuery: query.correctedQuery } : {}),
    ...(walk ? { nextCursor: nextCursorAfter(row.rows, input.limit, row.lastKey) } : {}),
  };
  return { answer, searchVersion: row.searchVersion };
}

interface PageRequest {
  input: ListInput;
  query: ResolvedQuery | null;
  sort: ListSort;
  searching: boolean;
  walk: PageWalk;
  at: Position;
}

/** The page statement, built from `tree` when a category is filtered; returns the tree version it saw. */
async function readPage(db: Db, { input, query, sort, searching, walk, at }: PageRequest, tree: Tree | null, versionCheck: TreeVersionCheck | null) {
  const { shape, values } = prepare(input, query, tree);
  values.limit = input.limit;
  if (at) {
    values.afterKey = at.key;
    values.afterId = at.id;
  }
  // A cursor never walks a kept ranking (those are relevance's, which refuses a cursor).
  const rankKey = walk === 'none' ? rankingKey(shape, values, sort.sortBy) : null;
  const ranking = rankKey ? rankingFor(db, rankKey) : null;
  let kept = ranking?.kept ?? null;
  let count = kept?.ids?.length ?? 0;
  if (rankKey && !kept) {
    // Asked for the first time: ranked from the word index (search/word-index-store.ts) when it
    // can; all of it when it is to be kept, else only as far as this page.
    const found = indexRanking(db, values.tsquery, values.rankQuery, exactCountLimit, ranking?.collect ? Infinity : input.offset + input.limit);
    if (found) {
      kept = { ids: found.ids, version: found.version };
      count = found.count;
      if (ranking?.collect) keepRanking(db, rankKey, found.ids, found.version);
    }
  }
  if (kept?.ids) {
    // A plain search asked before: only the page's cards, by id, in the kept order. Its plan does
    // not depend on the ids: PostgreSQL connections keep it prepared.
    values.pageIds = Array.from(kept.ids.subarray(input.offset, input.offset + input.limit));
    const byIds = { sortBy: sort.sortBy, direction: 'asc' } as const;
    const [row] = await executeShaped(db, 'list:ids', values, (v) => pageStatement(db, shape, v, byIds, null, true, 'ids'), { prepared: true });
    if (row && Number(row.searchVersion) === kept.version) return { result: { ...row, length: count, shape }, version: null };
    // The catalogue changed since: forget every ranking and search in full.
    sawSearchVersion(db, row?.searchVersion);
    forgetRankings(db);
    values.pageIds = [];
  }
  values.offset = input.offset;
  const source = ranking?.collect ? 'ranked' : 'filters';
  const key = JSON.stringify(['list', shape, sort, versionCheck !== null, searching, source, walk]);
  // A search by words alone collects all its matches from the word index whatever the words
  // (materialized), so its plan does not depend on them: PostgreSQL connections keep it prepared.
  const [row] = await executeShaped(db, key, values, (v) => pageStatement(db, shape, v, sort, versionCheck, searching, source, walk), {
    prepared: wordsAlone(shape),
  });
  if (!row) throw new Error('The page statement returned no row');
  if (searching) sawSearchVersion(db, row.searchVersion);
  if (rankKey && row.ranked) keepRankedIds(db, rankKey, row.ranked, row.searchVersion);
  // A search known to match too many to keep: known only as long as the catalogue is the same.
  if (kept && !kept.ids && Number(row.searchVersion) !== kept.version) forgetRankings(db);
  return { result: { ...row, shape }, version: row.treeVersion };
}
