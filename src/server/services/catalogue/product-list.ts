import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { toRubles } from '../../../shared/money.js';
import type { ProductCard, productListSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import {
  filteredProducts,
  hasFilters,
  matchingVariant,
  noVersion,
  prepare,
  rankQueryRef,
  runPlanned,
  searchQuery,
  tsQueryRef,
  variantConditions,
  variantRule,
  withQueryFilters,
  type Filters,
  type Shape,
  type Values,
} from './product-filters.js';
import { readingOutdated, readQuery, searchVersionCheck } from './search-cache.js';
import { executeShaped } from './shaped.js';
import type { TreeVersionCheck } from './tree.js';

type ListInput = z.output<typeof productListSchema>;

/** A filtered total is counted exactly up to this many rows; above it the answer is approximate. */
export const exactCountLimit = 10_000;
/** priceRange looks for its answer among this many cheapest (dearest) products first. */
const priceWalkLimit = 500;

function sortExpression(sortBy: NonNullable<ListInput['sortBy']>, shape: Shape, values: Values) {
  const searching = shape.words;
  switch (sortBy) {
    case 'price':
      // Under the variant rule, the price the card shows: the matching variant's.
      return variantRule(shape) ? matchingVariant(shape, values, sql`mv.price`, sql`products.id`) : sql`products.price`;
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

/** The card's price, old price and picture: the product's, or under the variant rule the matching variant's. */
function cardPrice(shape: Shape, values: Values) {
  if (!variantRule(shape)) return ['p.price', 'p.oldPrice', 'p.image'] as const;
  const pick = (column: RawBuilder<unknown>) => matchingVariant(shape, values, column, sql`p.id`);
  return [
    sql<number>`coalesce(${pick(sql`mv.price`)}, p.price)`.as('price'),
    sql<number | null>`${pick(sql`mv.old_price`)}`.as('oldPrice'),
    sql<string | null>`coalesce(${pick(sql`mv.images[1]`)}, p.image)`.as('image'),
  ] as const;
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
  searching: boolean,
) {
  const filtered = filteredProducts(db, shape, values);
  const sortKey = sortExpression(sort.sortBy, shape, values);
  const { direction } = sort;
  // The matches are collected once (materialized) for both the page and the count, and sorted,
  // when a walk of the sort column's index has no bound: a search (its matches come from the word
  // index, and the count reads them anyway; a walk tested the words on 1 100 newer products to find
  // 12), the matching variant's price (no index gives it), and filtered matches by name (names
  // cluster by kind of product, so the walk met black shoes after 20 000 other names). Otherwise
  // `matches` is inlined into both, so the page can walk the index and stop after `offset + limit`.
  const collectAll = shape.words || (sort.sortBy === 'price' && variantRule(shape)) || (sort.sortBy === 'name' && hasFilters(shape));
  return db
    .with('searchQuery', () => searchQuery(shape, values))
    .with(
      (cte) => (collectAll ? cte('matches').materialized() : cte('matches').notMaterialized()),
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
            ...cardPrice(shape, values),
            'p.availability',
            'p.inStock',
            'p.rating',
            'p.reviewCount',
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
      (searching ? searchVersionCheck : noVersion).as('searchVersion'),
    ]);
}

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

export async function listProducts(db: Db, listInput: ListInput): Promise<ProductListAnswer> {
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
    values.limit = input.limit;
    values.offset = input.offset;
    const key = JSON.stringify(['list', shape, sort, versionCheck !== null, reading !== null]);
    const [row] = await executeShaped(db, key, values, (v) => pageStatement(db, shape, v, sort, versionCheck, reading !== null));
    if (!row) throw new Error('The page statement returned no row');
    return { result: { row, shape }, version: row.treeVersion };
  });
  // A remembered reading of the search text made before the catalogue's words changed: read it again.
  if (readingOutdated(db, reading, row.searchVersion)) return listProducts(db, listInput);

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
export async function priceRange(db: Db, input: Filters): Promise<{ minPrice: number; maxPrice: number }> {
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
  if (readingOutdated(db, reading, row?.searchVersion)) return priceRange(db, input);
  return { minPrice: toRubles(row?.minPrice ?? 0), maxPrice: toRubles(row?.maxPrice ?? 0) };
}

