import { sql, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { toRubles } from '../../../shared/money.js';
import type { ProductCard, productListSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import {
  filteredProducts,
  hasFilters,
  noVersion,
  prepare,
  runPlanned,
  searchQuery,
  variantConditions,
  withQueryFilters,
  wordsAlone,
  type Filters,
  type Shape,
  type Values,
} from './product-filters.js';
import { exactCountLimit, pageStatement } from './product-page.js';
import { rememberedAnswer } from './answers.js';
import { readingOutdated, readQuery, searchVersionCheck } from './search-cache.js';
import { forgetRankings, keepRanking, rankingFor, rankingKey } from './search-results.js';
import { executeShaped } from './shaped.js';
import type { TreeVersionCheck } from './tree.js';

type ListInput = z.output<typeof productListSchema>;

/** priceRange looks for its answer among this many cheapest (dearest) products first. */
const priceWalkLimit = 500;

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
}

export function listProducts(db: Db, listInput: ListInput): Promise<ProductListAnswer> {
  return rememberedAnswer(db, JSON.stringify(['list', listInput]), () => readProductList(db, listInput));
}

async function readProductList(db: Db, listInput: ListInput): Promise<ProductListAnswer> {
  // A name without any letter or digit, or with a word nothing matches, finds nothing.
  const reading = listInput.name ? await readQuery(db, listInput.name) : null;
  const query = reading?.query ?? null;
  if (query?.nothing) return { rows: [], length: 0, approximate: false, ...(query.suggestions.length ? { suggestions: query.suggestions } : {}) };
  const input = { ...listInput, ...withQueryFilters(listInput, query) };
  const sortBy = input.sortBy ?? (query ? 'relevance' : 'createdAt');
  // Relevance is always best first.
  const sort = { sortBy, direction: sortBy === 'relevance' ? ('desc' as const) : input.orderBy };

  const { row, shape } = await runPlanned(db, input, async (tree, versionCheck, db) => {
    const { shape, values } = prepare(input, query, tree);
    const rankKey = rankingKey(shape, values, sortBy);
    const ranking = rankKey ? rankingFor(db, rankKey) : null;
    let kept = ranking?.kept ?? null;
    if (kept?.ids) {
      // A plain search asked before: only the page's cards, by id, in the kept order.
      values.pageIds = Array.from(kept.ids.subarray(input.offset, input.offset + input.limit));
      values.limit = input.limit;
      // Its plan does not depend on the ids: PostgreSQL connections keep it prepared.
      const [row] = await executeShaped(
        db,
        'list:ids',
        values,
        (v) => pageStatement(db, shape, v, { sortBy, direction: 'asc' }, null, true, 'ids'),
        { prepared: true },
      );
      if (row && Number(row.searchVersion) === kept.version) return { result: { row: { ...row, length: kept.ids.length }, shape }, version: null };
      // The catalogue changed since: forget every ranking and search in full.
      forgetRankings(db);
      kept = null;
    }
    values.limit = input.limit;
    values.offset = input.offset;
    const source = ranking?.collect ? 'ranked' : 'filters';
    const key = JSON.stringify(['list', shape, sort, versionCheck !== null, reading !== null, source]);
    // A search by words alone collects all its matches from the word index whatever the words
    // (materialized), so its plan does not depend on them: PostgreSQL connections keep it prepared.
    const prepared = wordsAlone(shape);
    const [row] = await executeShaped(db, key, values, (v) => pageStatement(db, shape, v, sort, versionCheck, reading !== null, source), {
      prepared,
    });
    if (!row) throw new Error('The page statement returned no row');
    if (rankKey && row.ranked) keepRanking(db, rankKey, row.ranked, row.searchVersion);
    // A search known to match too many to keep: known only as long as the catalogue is the same.
    if (kept && Number(row.searchVersion) !== kept.version) forgetRankings(db);
    return { result: { row, shape }, version: row.treeVersion };
  });
  // A remembered reading of the search text made before the catalogue's words changed: read it again.
  if (readingOutdated(db, reading, row.searchVersion)) return readProductList(db, listInput);

  // Above `exactCountLimit` filtered matches the total is not counted: the answer says «more than
  // 10 000» (approximate) and pages up to there, so the last page is reachable and never empty.
  let length = Number(row.length ?? 0);
  let approximate = false;
  if (hasFilters(shape) && length > exactCountLimit) {
    length = exactCountLimit;
    approximate = true;
  }
  return {
    rows: row.rows.map(cardToRubles),
    length,
    approximate,
    ...(query?.correctedQuery ? { correctedQuery: query.correctedQuery } : {}),
  };
}

function cardToRubles<T extends { price: number; oldPrice: number | null }>(row: T): T {
  return { ...row, price: toRubles(row.price), oldPrice: row.oldPrice === null ? null : toRubles(row.oldPrice) };
}

/**
 * `walk`: each end among the `priceWalkLimit` cheapest (dearest) variants, in price order (an
 * index walk from each end; null when none of those match). `all`: min() and max() over every
 * match. Two statements rather than one `coalesce(walk, all)`: PostgreSQL plans the aggregate's
 * joins even when the walk answers, and planning the combined statement took 1.6–1.9 ms against
 * 0.4 ms for the walks alone (execution ≈0.2 ms) on the 100 000-product bench.
 */
function priceRangeStatement(db: Db, shape: Shape, values: Values, versionCheck: TreeVersionCheck | null, searching: boolean, mode: 'walk' | 'all') {
  const variants = variantConditions(shape, values, false);
  const products = filteredProducts(db, shape, values, false);
  const walk = (direction: 'asc' | 'desc') => {
    const order = sql.raw(direction);
    return sql<number | null>`(select mv.price from (
        select * from product_variants order by price ${order}, id ${order} limit ${priceWalkLimit}) mv
      where ${variants} and exists (${products.select(sql`1`.as('one')).where(sql<SqlBool>`products.id = mv.product_id`)})
      order by mv.price ${order} limit 1)`;
  };
  const checks = [(versionCheck ?? noVersion).as('treeVersion'), (searching ? searchVersionCheck : noVersion).as('searchVersion')] as const;
  if (mode === 'walk') {
    return db.with('searchQuery', () => searchQuery(shape, values)).selectNoFrom([walk('asc').as('minPrice'), walk('desc').as('maxPrice'), ...checks]);
  }
  return db
    .with('searchQuery', () => searchQuery(shape, values))
    .with('span', () =>
      products
        .innerJoin('productVariants as mv', 'mv.productId', 'products.id')
        .where(variants)
        .select((eb) => [eb.fn.min<number | null>('mv.price').as('minPrice'), eb.fn.max<number | null>('mv.price').as('maxPrice')]),
    )
    .selectFrom('span')
    .select(['span.minPrice', 'span.maxPrice', ...checks]);
}

/**
 * GET /products/priceRange: the cheapest and dearest price among the variants that match the
 * other filters (the variant rule: of the chosen colours, in stock when `available`), of the
 * products the other filters select. minPrice and maxPrice themselves are ignored, so a price
 * slider keeps its full span. Each end is first looked for among the `priceWalkLimit` cheapest
 * (dearest) variants, in price order, which answers at once for any broad filter; only a narrow
 * filter that none of those match falls back to min()/max() over its (then few) matches.
 */
export function priceRange(db: Db, input: Filters): Promise<{ minPrice: number; maxPrice: number }> {
  return rememberedAnswer(db, JSON.stringify(['priceRange', input]), () => readPriceRange(db, input));
}

async function readPriceRange(db: Db, input: Filters): Promise<{ minPrice: number; maxPrice: number }> {
  const reading = input.name ? await readQuery(db, input.name) : null;
  const query = reading?.query ?? null;
  if (query?.nothing) return { minPrice: 0, maxPrice: 0 };
  const filters: Filters = { ...withQueryFilters(input, query), minPrice: undefined, maxPrice: undefined };

  const run = (mode: 'walk' | 'all') =>
    runPlanned(db, filters, async (tree, versionCheck, db) => {
      const { shape, values } = prepare(filters, query, tree);
      const key = JSON.stringify(['priceRange', mode, shape, versionCheck !== null, reading !== null]);
      const [row] = await executeShaped(db, key, values, (v) => priceRangeStatement(db, shape, v, versionCheck, reading !== null, mode), {
        prepared: mode === 'walk',
      });
      return { result: row, version: row?.treeVersion ?? null };
    });
  let row = await run('walk');
  // A narrow filter that none of the cheapest (dearest) variants match: its (few) matches in full.
  if (!row || row.minPrice === null || row.maxPrice === null) row = await run('all');
  if (readingOutdated(db, reading, row?.searchVersion)) return readPriceRange(db, input);
  return { minPrice: toRubles(row?.minPrice ?? 0), maxPrice: toRubles(row?.maxPrice ?? 0) };
}

