import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { toKopecks } from '../../../../shared/money.js';
import type { priceRangeSchema } from '../../../../shared/schemas/catalogue.js';
import type { Db } from '../../../db/connection.js';
import { containsPattern } from '../../../db/like.js';
import type { Database } from '../../../db/schema.js';
import { refIdsOf, splitRefs, type RefTable } from '../refs.js';
import type { ResolvedQuery } from '../search/resolve.js';
import { subtreeIds, type Tree } from './tree.js';

/** Planning the catalogue's statements: which filters are present, and their conditions. */

export type Filters = z.output<typeof priceRangeSchema>;
type ProductsEb = ExpressionBuilder<Database, 'products'>;

/**
 * One statement per call: category filters become literal ids from the in-memory tree (tree.ts),
 * other references are subqueries on their url (and id), and the name becomes a tsquery computed
 * once in the statement's `search_query` CTE (search/resolve.ts). The statement's SQL is compiled once per
 * shape (shaped.ts): `Shape` holds what changes the SQL text, `Values` what is sent as values.
 */
export type RefShape = 'none' | 'urls' | 'urlsAndIds';

export interface Shape {
  words: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  desc: boolean;
  available: boolean;
  colors: RefShape;
  brands: RefShape;
  tags: RefShape;
  sizes: RefShape;
  categories: boolean;
  parent: boolean;
}

export interface Values extends Record<string, unknown> {
  tsquery: string;
  rankQuery: string;
  minPrice: number;
  maxPrice: number;
  descPattern: string;
  colorUrls: string[];
  colorIds: number[];
  brandUrls: string[];
  brandIds: number[];
  tagUrls: string[];
  tagIds: number[];
  sizeUrls: string[];
  sizeIds: number[];
  categoryIds: number[];
  parentIds: number[];
  limit: number;
  offset: number;
  /** The page's ids, in order, when a kept ranking gives them (rankings.ts). */
  pageIds: number[];
  /** A cursor's position (keyset.ts): the sort key of the last row seen, as text, and its id. */
  afterKey: string;
  afterId: number;
}

function refShape(refs: readonly string[] | undefined): { shape: RefShape; urls: string[]; ids: number[] } {
  if (!refs?.length) return { shape: 'none', urls: [], ids: [] };
  const { urls, ids } = splitRefs(refs);
  return { shape: ids.length ? 'urlsAndIds' : 'urls', urls, ids };
}

/**
 * The filters with the query's colour, brand and category words added where the shopper chose no
 * filter of that kind (an explicit choice wins over a word of the query).
 */
export function withQueryFilters(filters: Filters, query: ResolvedQuery | null): Filters {
  if (!query) return filters;
  const merged = { ...filters };
  if (query.colors.length && !filters.colors?.length) merged.colors = [...new Set(query.colors)];
  if (query.brands.length && !filters.brands?.length) merged.brands = [...new Set(query.brands)];
  if (query.categories.length && !filters.categories?.length) merged.categories = [...new Set(query.categories)];
  return merged;
}

/**
 * Price bounds the wrong way round: the API refuses them (shared/schemas/catalogue.ts); a caller
 * inside the server that passes them gets the window between them.
 */
export function orderedPrices<T extends Filters>(filters: T): T {
  const { minPrice, maxPrice } = filters;
  return minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice ? { ...filters, minPrice: maxPrice, maxPrice: minPrice } : filters;
}

export function prepare(unordered: Filters, query: ResolvedQuery | null, tree: Tree | null): { shape: Shape; values: Values } {
  const filters = orderedPrices(unordered);
  const colors = refShape(filters.colors);
  const brands = refShape(filters.brands);
  const tags = refShape(filters.tags);
  const sizes = refShape(filters.sizes);
  return {
    shape: {
      words: Boolean(query?.tsquery),
      minPrice: filters.minPrice !== undefined,
      maxPrice: filters.maxPrice !== undefined,
      desc: Boolean(filters.desc),
      available: Boolean(filters.available),
      colors: colors.shape,
      brands: brands.shape,
      tags: tags.shape,
      sizes: sizes.shape,
      categories: Boolean(tree && filters.categories?.length),
      parent: Boolean(tree && filters.parent),
    },
    values: {
      tsquery: query?.tsquery ?? '',
      rankQuery: query?.rankQuery ?? '',
      minPrice: filters.minPrice === undefined ? 0 : toKopecks(filters.minPrice),
      maxPrice: filters.maxPrice === undefined ? 0 : toKopecks(filters.maxPrice),
      descPattern: filters.desc ? containsPattern(filters.desc) : '',
      colorUrls: colors.urls,
      colorIds: colors.ids,
      brandUrls: brands.urls,
      brandIds: brands.ids,
      tagUrls: tags.urls,
      tagIds: tags.ids,
      sizeUrls: sizes.urls,
      sizeIds: sizes.ids,
      categoryIds: tree && filters.categories?.length ? subtreeIds(tree, filters.categories) : [],
      parentIds: tree && filters.parent ? subtreeIds(tree, [filters.parent]) : [],
      limit: 0,
      offset: 0,
      pageIds: [],
      afterKey: '',
      afterId: 0,
    },
  };
}

/**
 * The `search_query` CTE: the tsquery of the name (search/resolve.ts) and the words read as typed (for
 * ranking), or nulls.
 */
export function searchQuery(shape: Shape, values: Values): RawBuilder<{ q: string | null; rq: string | null }> {
  return shape.words
    ? sql`(select ${values.tsquery}::tsquery as q, nullif(${values.rankQuery}, '')::tsquery as rq)`
    : sql`(select null::tsquery as q, null::tsquery as rq)`;
}

export const tsQueryRef = sql`(select q from search_query)`;
export const rankQueryRef = sql`(select rq from search_query)`;

function refCondition(table: RefTable, shape: RefShape, urls: string[], ids: number[]) {
  return refIdsOf(table, urls, shape === 'urlsAndIds' ? ids : null);
}

/**
 * The variant rule (docs/catalogue.md): colour and price are a variant's, together. With
 * either filter a product is listed when one variant `mv` has the colour, the price within the
 * bounds, and stock when `available` is set; its card shows that variant.
 */
export function variantRule(shape: Shape): boolean {
  return shape.colors !== 'none' || shape.minPrice || shape.maxPrice || (shape.available && shape.sizes !== 'none');
}

/** The conditions on a variant `mv` (price bounds optional, for priceRange). */
export function variantConditions(shape: Shape, values: Values, withPrice = true): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [sql<SqlBool>`true`];
  if (shape.colors !== 'none') conditions.push(sql<SqlBool>`mv.color_id in ${refCondition('colors', shape.colors, values.colorUrls, values.colorIds)}`);
  if (withPrice && shape.minPrice) conditions.push(sql<SqlBool>`mv.price >= ${values.minPrice}`);
  if (withPrice && shape.maxPrice) conditions.push(sql<SqlBool>`mv.price <= ${values.maxPrice}`);
  if (shape.available && shape.sizes !== 'none') {
    // In stock in one of the sizes asked for, in this colour.
    const sizes = refCondition('sizes', shape.sizes, values.sizeUrls, values.sizeIds);
    conditions.push(sql<SqlBool>`exists (select 1 from variant_items mi where mi.variant_id = mv.id and mi.size_id in ${sizes} and mi.stock > 0)`);
  } else if (shape.available) {
    conditions.push(sql<SqlBool>`mv.stock > 0`);
  }
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** A column of the cheapest variant of the product `productId` that matches the variant rule. */
export function matchingVariant(shape: Shape, values: Values, column: RawBuilder<unknown>, productId: RawBuilder<unknown>) {
  return sql`(select ${column} from product_variants mv where mv.product_id = ${productId} and ${variantConditions(shape, values)}
    order by mv.price, mv.position, mv.id limit 1)`;
}

/**
 * The WHERE conditions of the filters present, and only those (no `$1 IS NULL OR …`), so that
 * PostgreSQL plans each request with the indexes it can use. `withVariants: false` leaves the
 * variant rule out (priceRange applies it to the variants themselves).
 */
export function filterConditions(eb: ProductsEb, shape: Shape, values: Values, withVariants = true): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  // The tsquery as a value (not from the CTE), so the planner estimates its matches.
  if (shape.words) conditions.push(sql<SqlBool>`products.search @@ ${values.tsquery}::tsquery`);
  if (shape.desc) conditions.push(eb('products.desc', 'ilike', values.descPattern));
  if (shape.available) conditions.push(eb('products.availability', '=', true));
  if (variantRule(shape)) {
    if (withVariants) {
      conditions.push(sql<SqlBool>`exists (select 1 from product_variants mv where mv.product_id = products.id and ${variantConditions(shape, values)})`);
    }
  } else if (shape.available) {
    conditions.push(eb('products.inStock', '=', true));
  }
  conditions.push(...linkConditions(shape, values, sql`products.id`));
  return conditions;
}

/**
 * The conditions on a product's links (categories, brands, tags, sizes) for the product id `id`.
 * `categories` and `parent` are separate conditions: parent=a&categories=b is "b within a".
 */
function linkConditions(shape: Shape, values: Values, id: RawBuilder<unknown>): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [];
  for (const ids of [shape.categories ? values.categoryIds : null, shape.parent ? values.parentIds : null]) {
    if (ids) conditions.push(sql<SqlBool>`exists (select 1 from product_categories pc where pc.product_id = ${id} and pc.category_id = any(${ids}::int[]))`);
  }
  if (shape.brands !== 'none') {
    const brands = refCondition('brands', shape.brands, values.brandUrls, values.brandIds);
    conditions.push(sql<SqlBool>`exists (select 1 from product_brands pb where pb.product_id = ${id} and pb.brand_id in ${brands})`);
  }
  if (shape.tags !== 'none') {
    const tags = refCondition('tags', shape.tags, values.tagUrls, values.tagIds);
    conditions.push(sql<SqlBool>`exists (select 1 from product_tags pt where pt.product_id = ${id} and pt.tag_id in ${tags})`);
  }
  if (shape.sizes !== 'none') {
    const sizes = refCondition('sizes', shape.sizes, values.sizeUrls, values.sizeIds);
    conditions.push(sql<SqlBool>`exists (select 1 from product_sizes ps where ps.product_id = ${id} and ps.size_id in ${sizes})`);
  }
  return conditions;
}

/**
 * Under the variant rule without a search word, the matches are read from the variants' side: the
 * variants that match, with the links probed per product (`mv` is the variant). PostgreSQL plans
 * the same conditions written on products by reading every product (black shoes: 30 ms to count);
 * the colour's variants and a probe per product take 6 ms, and stay ahead with price bounds, stock
 * and a narrow category (docs/catalogue.md).
 */
function variantSideConditions(shape: Shape, values: Values): RawBuilder<SqlBool> {
  const conditions = [variantConditions(shape, values), ...linkConditions(shape, values, sql`mv.product_id`)];
  const onProduct: RawBuilder<SqlBool>[] = [];
  if (shape.desc) onProduct.push(sql<SqlBool>`p."desc" ilike ${values.descPattern}`);
  if (shape.available) onProduct.push(sql<SqlBool>`p.availability`);
  if (onProduct.length) conditions.push(sql<SqlBool>`exists (select 1 from products p where p.id = mv.product_id and ${sql.join(onProduct, sql` and `)})`);
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/** The total from the variants' side, up to `limit` products. */
export function variantSideCount(shape: Shape, values: Values, limit: number): RawBuilder<number> {
  return sql<number>`(select count(*) from (select distinct mv.product_id from product_variants mv
    where ${variantSideConditions(shape, values)} limit ${limit}) counted)`;
}

/**
 * Every match from the variants' side with its sort key: the matching variant's price (the cheapest,
 * as its card shows), or the product's name.
 */
export function variantSideMatches(shape: Shape, values: Values, sortBy: 'price' | 'name'): RawBuilder<{ id: number; sortKey: number | string }> {
  const where = variantSideConditions(shape, values);
  return sortBy === 'price'
    ? sql`(select distinct on (mv.product_id) mv.product_id as id, mv.price as sort_key from product_variants mv
        where ${where} order by mv.product_id, mv.price, mv.position, mv.id)`
    : sql`(select p.id, p.name as sort_key from (select distinct mv.product_id from product_variants mv where ${where}) v
        join products p on p.id = v.product_id)`;
}

export function filteredProducts(db: Db, shape: Shape, values: Values, withVariants = true) {
  return db.selectFrom('products').where((eb) => eb.and(filterConditions(eb, shape, values, withVariants)));
}

export function hasFilters(shape: Shape): boolean {
  return Object.values(shape).some((value) => value !== false && value !== 'none');
}

/** A search by words alone: no other filter. */
export function wordsAlone(shape: Shape): boolean {
  return shape.words && !hasFilters({ ...shape, words: false });
}

/** A category filter: the statement is built from the in-memory category tree (tree.ts). */
export function needsTree(filters: Filters): boolean {
  return Boolean(filters.categories?.length || filters.parent);
}

export const noVersion = sql<number | null>`null`;

