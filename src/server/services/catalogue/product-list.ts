import { sql, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { toRubles } from '../../../shared/money.js';
import type { ProductCard, productListSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import {
  filterConditions,
  filteredProducts,
  hasFilters,
  noVersion,
  prepare,
  rankQueryRef,
  runPlanned,
  searchQuery,
  tsQueryRef,
  withQueryFilters,
  type Filters,
  type Shape,
  type Values,
} from './product-filters.js';
import { resolveQuery } from './search.js';
import { executeShaped } from './shaped.js';
import type { TreeVersionCheck } from './tree.js';

type ListInput = z.output<typeof productListSchema>;

/** A filtered total is counted exactly up to this many rows, and estimated above it. */
export const exactCountLimit = 10_000;
/** priceRange looks for its answer among this many cheapest (dearest) products first. */
const priceWalkLimit = 500;

function sortExpression(sortBy: NonNullable<ListInput['sortBy']>, searching: boolean) {
  switch (sortBy) {
    case 'price':
      return sql`products.price`;
    case 'name':
      return sql`products.name`;
    case 'rating':
      // Unrated products (null) count as 0 (products_rating_idx is on this expression).
      return sql`coalesce(products.rating, 0)`;
    case 'id':
      return sql`products.id`;
    case 'relevance':
      // Normalised by document length (1): a short name that matches beats a long one. The head
      // noun weighs more (weights, migration 0011); words matched as typed count twice.
      return searching
        ? sql`(ts_rank(products.search, ${tsQueryRef}, 1) + coalesce(ts_rank(products.search, ${rankQueryRef}, 1), 0))`
        : sql`products.id`;
    case 'createdAt':
      return sql`products.created_at`;
  }
}

/**
 * The page statement: the page's ids first (an index walk for a deep offset touches no other
 * table), then only those rows with their colours and brands, and the total.
 */
function pageStatement(
  db: Db,
  shape: Shape,
  values: Values,
  sort: { sortBy: NonNullable<ListInput['sortBy']>; direction: 'asc' | 'desc' },
  versionCheck: TreeVersionCheck | null,
) {
  const filtered = filteredProducts(db, shape, values);
  const sortKey = sortExpression(sort.sortBy, shape.words);
  const { direction } = sort;
  // Ranking by relevance reads every match anyway: the matches are collected once (materialized)
  // for both the page and the count. Otherwise `matches` is inlined into both, so the page can
  // walk the sort column's index and stop after `offset + limit` rows.
  const rankAll = sort.sortBy === 'relevance' && shape.words;
  return db
    .with('searchQuery', () => searchQuery(shape, values))
    .with(
      (cte) => (rankAll ? cte('matches').materialized() : cte('matches').notMaterialized()),
      () => filtered.select(['products.id', sortKey.as('sortKey')]),
    )
    .with('page', (qc) =>
      qc.selectFrom('matches').select(['id', 'sortKey']).orderBy('sortKey', direction).orderBy('id', direction).limit(values.limit).offset(values.offset),
    )
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('page')
          .innerJoin('products as p', 'p.id', 'page.id')
          .select([
            'p.id',
            'p.name',
            'p.url',
            'p.price',
            'p.oldPrice',
            'p.availability',
            'p.inStock',
            'p.rating',
            'p.reviewCount',
            'p.image',
            (inner) =>
              jsonArrayFrom(
                inner
                  .selectFrom('colors as c')
                  .select(['c.id', 'c.name', 'c.url', 'c.code'])
                  .where('c.id', 'in', inner.selectFrom('productVariants as v').select('v.colorId').whereRef('v.productId', '=', 'p.id'))
                  .orderBy('c.id'),
              ).as('colors'),
            (inner) =>
              jsonArrayFrom(
                inner
                  .selectFrom('productBrands as pb')
                  .innerJoin('brands as b', 'b.id', 'pb.brandId')
                  .select(['b.id', 'b.name', 'b.url'])
                  .whereRef('pb.productId', '=', 'p.id')
                  .orderBy('b.name'),
              ).as('brands'),
          ])
          .orderBy('page.sortKey', direction)
          .orderBy('page.id', direction),
      ).as('rows'),
      (hasFilters(shape)
        ? eb
            .selectFrom(eb.selectFrom('matches').select(sql`1`.as('one')).limit(exactCountLimit + 1).as('counted'))
            .select(eb.fn.countAll<number>().as('n'))
        : eb.selectFrom('productCount').select('total')
      ).as('length'),
      (versionCheck ?? noVersion).as('treeVersion'),
    ]);
}

/**
 * GET /products: one statement returns the page with its colours and brands and the total. The
 * total is exact from a counter when nothing is filtered, counted exactly up to `exactCountLimit`
 * matches, and estimated by the planner above that.
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

export async function listProducts(db: Db, listInput: ListInput): Promise<ProductListAnswer> {
  // A name without any letter or digit, or with a word nothing matches, finds nothing.
  const query = listInput.name ? await resolveQuery(db, listInput.name) : null;
  if (query?.nothing) return { rows: [], length: 0, approximate: false, ...(query.suggestions.length ? { suggestions: query.suggestions } : {}) };
  const input = { ...listInput, ...withQueryFilters(listInput, query) };
  const sortBy = input.sortBy ?? (query ? 'relevance' : 'createdAt');
  // Relevance is always best first.
  const sort = { sortBy, direction: sortBy === 'relevance' ? ('desc' as const) : input.orderBy };

  const { row, shape, values } = await runPlanned(db, input, async (tree, versionCheck, db) => {
    const { shape, values } = prepare(input, query, tree);
    values.limit = input.limit;
    values.offset = input.offset;
    const key = JSON.stringify(['list', shape, sort, versionCheck !== null]);
    const [row] = await executeShaped(db, key, values, (v) => pageStatement(db, shape, v, sort, versionCheck));
    if (!row) throw new Error('The page statement returned no row');
    return { result: { row, shape, values }, version: row.treeVersion };
  });

  let length = Number(row.length ?? 0);
  let approximate = false;
  if (hasFilters(shape) && length > exactCountLimit) {
    const ids = filteredProducts(db, shape, values).select('products.id');
    const estimate = sql`explain (format json) with search_query as ${searchQuery(shape, values)} ${ids}`;
    length = Math.max(length, await estimateRows(db, estimate));
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

/** The planner's row estimate from an EXPLAIN: a large filtered total without counting it. */
async function estimateRows(db: Db, explain: RawBuilder<unknown>): Promise<number> {
  const explained = await sql<Record<string, Array<{ Plan: { 'Plan Rows': number } }>>>`${explain}`.execute(db);
  const plan = Object.values(explained.rows[0] ?? {})[0];
  return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
}

function priceRangeStatement(db: Db, shape: Shape, values: Values, versionCheck: TreeVersionCheck | null) {
  const end = (direction: 'asc' | 'desc') => {
    const walk = db
      .selectFrom(db.selectFrom('products').selectAll().orderBy('price', direction).limit(priceWalkLimit).as('products'))
      .where((eb) => eb.and(filterConditions(eb, shape, values)))
      .select('products.price')
      .orderBy('products.price', direction)
      .limit(1);
    const all = filteredProducts(db, shape, values).select((eb) =>
      (direction === 'asc' ? eb.fn.min<number | null>('products.price') : eb.fn.max<number | null>('products.price')).as('price'),
    );
    return sql<number | null>`coalesce((${walk}), (${all}))`;
  };
  return db
    .with('searchQuery', () => searchQuery(shape, values))
    .selectNoFrom([end('asc').as('minPrice'), end('desc').as('maxPrice'), (versionCheck ?? noVersion).as('treeVersion')]);
}

/**
 * GET /products/priceRange: the cheapest and dearest price among the products the other filters
 * select. minPrice and maxPrice themselves are ignored, so a price slider keeps its full span.
 * Each end is first looked for among the `priceWalkLimit` cheapest (dearest) products, in price
 * order, which answers at once for any broad filter; only a narrow filter that none of those
 * match falls back to min()/max() over its (then few) matches. Neither step can be slow.
 */
export async function priceRange(db: Db, input: Filters): Promise<{ minPrice: number; maxPrice: number }> {
  const query = input.name ? await resolveQuery(db, input.name) : null;
  if (query?.nothing) return { minPrice: 0, maxPrice: 0 };
  const filters: Filters = { ...withQueryFilters(input, query), minPrice: undefined, maxPrice: undefined };

  return runPlanned(db, filters, async (tree, versionCheck, db) => {
    const { shape, values } = prepare(filters, query, tree);
    const key = JSON.stringify(['priceRange', shape, versionCheck !== null]);
    const [row] = await executeShaped(db, key, values, (v) => priceRangeStatement(db, shape, v, versionCheck));
    return {
      result: { minPrice: toRubles(row?.minPrice ?? 0), maxPrice: toRubles(row?.maxPrice ?? 0) },
      version: row?.treeVersion ?? null,
    };
  });
}

