import { TRPCError } from '@trpc/server';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { domainMessages } from '../../../shared/errors.js';
import { toKopecks, toRubles } from '../../../shared/money.js';
import type {
  Product,
  ProductCard,
  priceRangeSchema,
  productInputSchema,
  productListSchema,
} from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import type { Database } from '../../db/schema.js';
import { refIdsOf, splitRefs, type RefTable } from './refs.js';
import { executeShaped } from './shaped.js';
import { searchWords, tsQueryText } from './search.js';
import { subtreeIds, withCategoryTree, type TreeVersionCheck } from './tree.js';

type ProductFields = z.output<typeof productInputSchema>;
type ListInput = z.output<typeof productListSchema>;
type Filters = z.output<typeof priceRangeSchema>;
type ProductsEb = ExpressionBuilder<Database, 'products'>;

/** A filtered total is counted exactly up to this many rows, and estimated above it. */
export const exactCountLimit = 10_000;
/** priceRange looks for its answer among this many cheapest (dearest) products first. */
const priceWalkLimit = 500;

// ---------------------------------------------------------------- filters

/**
 * One statement per call: category filters become literal ids from the in-memory tree (tree.ts),
 * other references are subqueries on their url (and id), and the name becomes a tsquery computed
 * once in the statement's `search_query` CTE (search.ts). The statement's SQL is compiled once per
 * shape (shaped.ts): `Shape` holds what changes the SQL text, `Values` what is sent as values.
 */
type RefShape = 'none' | 'urls' | 'urlsAndIds';

interface Shape {
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

interface Values extends Record<string, unknown> {
  words: string[];
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
}

type Tree = Parameters<typeof subtreeIds>[0];

function refShape(refs: readonly string[] | undefined): { shape: RefShape; urls: string[]; ids: number[] } {
  if (!refs?.length) return { shape: 'none', urls: [], ids: [] };
  const { urls, ids } = splitRefs(refs);
  return { shape: ids.length ? 'urlsAndIds' : 'urls', urls, ids };
}

function prepare(filters: Filters, words: string[] | null, tree: Tree | null): { shape: Shape; values: Values } {
  const colors = refShape(filters.colors);
  const brands = refShape(filters.brands);
  const tags = refShape(filters.tags);
  const sizes = refShape(filters.sizes);
  return {
    shape: {
      words: Boolean(words),
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
      words: words ?? [],
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
    },
  };
}

/** The `search_query` CTE: the tsquery of the name, or null. */
function searchQuery(shape: Shape, values: Values): RawBuilder<{ q: string | null }> {
  return shape.words
    ? sql`(select to_tsquery('russian', coalesce(${tsQueryText(values.words)}, '')) as q)`
    : sql`(select null::tsquery as q)`;
}

const tsQueryRef = sql`(select q from search_query)`;

function refCondition(table: RefTable, shape: RefShape, urls: string[], ids: number[]) {
  return refIdsOf(table, urls, shape === 'urlsAndIds' ? ids : null);
}

/**
 * The WHERE conditions of the filters present, and only those (no `$1 IS NULL OR …`), so that
 * PostgreSQL plans each request with the indexes it can use.
 */
function filterConditions(eb: ProductsEb, shape: Shape, values: Values): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (shape.words) conditions.push(sql<SqlBool>`products.search @@ ${tsQueryRef}`);
  if (shape.minPrice) conditions.push(eb('products.price', '>=', values.minPrice));
  if (shape.maxPrice) conditions.push(eb('products.price', '<=', values.maxPrice));
  if (shape.desc) conditions.push(eb('products.desc', 'ilike', values.descPattern));
  if (shape.available) conditions.push(eb('products.availability', '=', true), eb('products.inStock', '=', true));
  if (shape.colors !== 'none') {
    const colors = refCondition('colors', shape.colors, values.colorUrls, values.colorIds);
    conditions.push(
      eb.exists(eb.selectFrom('productVariants as v').select('v.id').whereRef('v.productId', '=', 'products.id').where('v.colorId', 'in', colors)),
    );
  }
  // `categories` and `parent` are separate conditions: parent=a&categories=b is "b within a".
  for (const ids of [shape.categories ? values.categoryIds : null, shape.parent ? values.parentIds : null]) {
    if (!ids) continue;
    conditions.push(
      eb.exists(
        eb
          .selectFrom('productCategories as pc')
          .select('pc.productId')
          .whereRef('pc.productId', '=', 'products.id')
          .where(sql<SqlBool>`pc.category_id = any(${ids}::int[])`),
      ),
    );
  }
  if (shape.brands !== 'none') {
    const brands = refCondition('brands', shape.brands, values.brandUrls, values.brandIds);
    conditions.push(
      eb.exists(eb.selectFrom('productBrands as pb').select('pb.productId').whereRef('pb.productId', '=', 'products.id').where('pb.brandId', 'in', brands)),
    );
  }
  if (shape.tags !== 'none') {
    const tags = refCondition('tags', shape.tags, values.tagUrls, values.tagIds);
    conditions.push(
      eb.exists(eb.selectFrom('productTags as pt').select('pt.productId').whereRef('pt.productId', '=', 'products.id').where('pt.tagId', 'in', tags)),
    );
  }
  if (shape.sizes !== 'none') {
    const sizes = refCondition('sizes', shape.sizes, values.sizeUrls, values.sizeIds);
    conditions.push(
      eb.exists(eb.selectFrom('productSizes as ps').select('ps.productId').whereRef('ps.productId', '=', 'products.id').where('ps.sizeId', 'in', sizes)),
    );
  }
  return conditions;
}

function filteredProducts(db: Db, shape: Shape, values: Values) {
  return db.selectFrom('products').where((eb) => eb.and(filterConditions(eb, shape, values)));
}

function hasFilters(shape: Shape): boolean {
  return Object.values(shape).some((value) => value !== false && value !== 'none');
}

/**
 * Runs one statement built from the filters. With a category filter the in-memory tree is used
 * and checked in the same statement (tree.ts); without one, no tree is involved.
 */
function runPlanned<T>(
  db: Db,
  filters: Filters,
  query: (tree: Tree | null, versionCheck: TreeVersionCheck | null) => Promise<{ result: T; version: number | string | null }>,
): Promise<T> {
  if (!filters.categories?.length && !filters.parent) return query(null, null).then(({ result }) => result);
  return withCategoryTree(db, query);
}

const noVersion = sql<number | null>`null`;

// ---------------------------------------------------------------- list

function sortExpression(sortBy: NonNullable<ListInput['sortBy']>, searching: boolean) {
  switch (sortBy) {
    case 'price':
      return sql`products.price`;
    case 'name':
      return sql`products.name`;
    case 'rating':
      return sql`products.rating`;
    case 'id':
      return sql`products.id`;
    case 'relevance':
      // Normalised by document length (1): a short name that matches beats a long one.
      return searching ? sql`ts_rank(products.search, ${tsQueryRef}, 1)` : sql`products.id`;
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
export async function listProducts(db: Db, input: ListInput): Promise<{ rows: ProductCard[]; length: number }> {
  const words = input.name ? searchWords(input.name) : null;
  // A name without any letter or digit finds nothing rather than everything.
  if (words && !words.length) return { rows: [], length: 0 };
  const sortBy = input.sortBy ?? (words ? 'relevance' : 'createdAt');
  // Relevance is always best first.
  const sort = { sortBy, direction: sortBy === 'relevance' ? ('desc' as const) : input.orderBy };

  const { row, shape, values } = await runPlanned(db, input, async (tree, versionCheck) => {
    const { shape, values } = prepare(input, words, tree);
    values.limit = input.limit;
    values.offset = input.offset;
    const key = JSON.stringify(['list', shape, sort, versionCheck !== null]);
    const [row] = await executeShaped(db, key, values, (v) => pageStatement(db, shape, v, sort, versionCheck));
    if (!row) throw new Error('The page statement returned no row');
    return { result: { row, shape, values }, version: row.treeVersion };
  });

  let length = Number(row.length ?? 0);
  if (hasFilters(shape) && length > exactCountLimit) {
    const query = filteredProducts(db, shape, values).select('products.id');
    const estimate = sql`explain (format json) with search_query as ${searchQuery(shape, values)} ${query}`;
    length = Math.max(length, await estimateRows(db, estimate));
  }
  return { rows: row.rows.map(cardToRubles), length };
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
export function priceRange(db: Db, input: Filters): Promise<{ minPrice: number; maxPrice: number }> {
  const filters: Filters = { ...input, minPrice: undefined, maxPrice: undefined };
  const words = filters.name ? searchWords(filters.name) : null;
  if (words && !words.length) return Promise.resolve({ minPrice: 0, maxPrice: 0 });

  return runPlanned(db, filters, async (tree, versionCheck) => {
    const { shape, values } = prepare(filters, words, tree);
    const key = JSON.stringify(['priceRange', shape, versionCheck !== null]);
    const [row] = await executeShaped(db, key, values, (v) => priceRangeStatement(db, shape, v, versionCheck));
    return {
      result: { minPrice: toRubles(row?.minPrice ?? 0), maxPrice: toRubles(row?.maxPrice ?? 0) },
      version: row?.treeVersion ?? null,
    };
  });
}

// ---------------------------------------------------------------- one product

function productQuery(db: Db) {
  return db.selectFrom('products as p').select((eb) => [
    'p.id',
    'p.name',
    'p.url',
    'p.desc',
    'p.availability',
    'p.inStock',
    'p.price',
    'p.oldPrice',
    'p.rating',
    'p.image',
    // As text: the CamelCasePlugin would otherwise rename the keys of these open objects.
    sql<string>`p.parameters::text`.as('parametersJson'),
    sql<string>`p.extra::text`.as('extraJson'),
    'p.createdAt',
    'p.updatedAt',
    jsonArrayFrom(
      eb
        .selectFrom('productCategories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.categoryId')
        .select(['c.id', 'c.name', 'c.url'])
        .whereRef('pc.productId', '=', 'p.id')
        .orderBy('c.id'),
    ).as('categories'),
    jsonArrayFrom(
      eb
        .selectFrom('productBrands as pb')
        .innerJoin('brands as b', 'b.id', 'pb.brandId')
        .select(['b.id', 'b.name', 'b.url'])
        .whereRef('pb.productId', '=', 'p.id')
        .orderBy('b.name'),
    ).as('brands'),
    jsonArrayFrom(
      eb
        .selectFrom('productTags as pt')
        .innerJoin('tags as t', 't.id', 'pt.tagId')
        .select(['t.id', 't.name', 't.url'])
        .whereRef('pt.productId', '=', 'p.id')
        .orderBy('t.name'),
    ).as('tags'),
    jsonArrayFrom(
      eb
        .selectFrom('productSizes as ps')
        .innerJoin('sizes as s', 's.id', 'ps.sizeId')
        .select(['s.id', 's.name', 's.url'])
        .whereRef('ps.productId', '=', 'p.id')
        .orderBy('s.id'),
    ).as('sizes'),
    jsonArrayFrom(
      eb
        .selectFrom('colors as c')
        .select(['c.id', 'c.name', 'c.url', 'c.code'])
        .where('c.id', 'in', eb.selectFrom('productVariants as v').select('v.colorId').whereRef('v.productId', '=', 'p.id'))
        .orderBy('c.id'),
    ).as('colors'),
    jsonArrayFrom(
      eb
        .selectFrom('productVariants as v')
        .select((inner) => [
          'v.id',
          'v.article',
          'v.price',
          'v.oldPrice',
          'v.stock',
          'v.images',
          jsonObjectFrom(inner.selectFrom('colors as c').select(['c.id', 'c.name', 'c.url', 'c.code']).whereRef('c.id', '=', 'v.colorId')).as(
            'color',
          ),
        ])
        .whereRef('v.productId', '=', 'p.id')
        .orderBy('v.position')
        .orderBy('v.id'),
    ).as('variants'),
  ]);
}

type ProductRow = NonNullable<Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirst']>>>;

function toProduct({ parametersJson, extraJson, ...row }: ProductRow): Product {
  return {
    ...row,
    price: toRubles(row.price),
    oldPrice: row.oldPrice === null ? null : toRubles(row.oldPrice),
    parameters: JSON.parse(parametersJson) as Record<string, string>,
    extra: JSON.parse(extraJson) as Record<string, unknown>,
    variants: row.variants.map((variant) => ({
      ...variant,
      price: toRubles(variant.price),
      oldPrice: variant.oldPrice === null ? null : toRubles(variant.oldPrice),
    })),
  };
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const row = await productQuery(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return toProduct(row);
}

export async function getProductByUrl(db: Db, url: string): Promise<Product> {
  const row = await productQuery(db).where('p.url', '=', url).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return toProduct(row);
}

// ---------------------------------------------------------------- writes

interface VariantValues {
  article: string;
  colorId: number | null;
  price: number;
  oldPrice: number | null;
  stock: number;
  images: string[];
  position: number;
}

function variantValues(fields: ProductFields): VariantValues[] {
  return fields.variants.map((variant, position) => ({
    article: variant.article,
    colorId: variant.colorId,
    price: toKopecks(variant.price),
    oldPrice: variant.oldPrice === null ? null : toKopecks(variant.oldPrice),
    stock: variant.stock,
    images: variant.images,
    position,
  }));
}

/**
 * What the product row repeats from its variants: the price is the cheapest in-stock variant's
 * (the cheapest overall when none is in stock), with that variant's old price and first image.
 */
export function variantSummary(variants: readonly VariantValues[]) {
  const inStock = variants.filter((variant) => variant.stock > 0);
  const pool = inStock.length ? inStock : variants;
  const chosen = pool.reduce((best, variant) => (variant.price < best.price ? variant : best));
  const image = chosen.images[0] ?? variants.find((variant) => variant.images.length)?.images[0] ?? null;
  return { price: chosen.price, oldPrice: chosen.oldPrice, inStock: inStock.length > 0, image };
}

function productValues(fields: ProductFields, variants: readonly VariantValues[]) {
  return {
    name: fields.name,
    url: fields.url,
    desc: fields.desc,
    availability: fields.availability,
    parameters: JSON.stringify(fields.parameters),
    extra: JSON.stringify(fields.extra),
    ...variantSummary(variants),
  };
}

/** Articles are unique across the shop: a clear 409 instead of the constraint's generic one. */
async function checkArticles(db: Db, variants: readonly VariantValues[], productId: number | null): Promise<void> {
  const articles = variants.map((variant) => variant.article);
  const repeated = articles.find((article, index) => articles.indexOf(article) !== index);
  if (repeated !== undefined) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${domainMessages.articleRepeated}${repeated}` });
  }
  let taken = db.selectFrom('productVariants').select('article').where('article', 'in', articles);
  if (productId !== null) taken = taken.where('productId', '<>', productId);
  const row = await taken.executeTakeFirst();
  if (row) throw new TRPCError({ code: 'CONFLICT', message: `${domainMessages.articleTaken}${row.article}` });
}

const linkTables = [
  ['productCategories', 'categoryId', 'categories'],
  ['productBrands', 'brandId', 'brands'],
  ['productTags', 'tagId', 'tags'],
  ['productSizes', 'sizeId', 'sizes'],
] as const;

async function writeLinks(db: Db, productId: number, fields: ProductFields): Promise<void> {
  for (const [table, column, field] of linkTables) {
    await db.deleteFrom(table).where('productId', '=', productId).execute();
    const ids = [...new Set(fields[field])];
    if (!ids.length) continue;
    // The four tables share one shape; Kysely cannot see that through a union of table names.
    const rows = ids.map((id) => ({ productId, [column]: id })) as Array<{ productId: number; categoryId: number }>;
    await db.insertInto(table as 'productCategories').values(rows).execute();
  }
}

export function createProduct(db: Db, fields: ProductFields): Promise<Product> {
  const variants = variantValues(fields);
  return db.transaction().execute(async (trx) => {
    await checkArticles(trx, variants, null);
    const { id } = await trx.insertInto('products').values(productValues(fields, variants)).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('productVariants')
      .values(variants.map((variant) => ({ ...variant, productId: id })))
      .execute();
    await writeLinks(trx, id, fields);
    return getProduct(trx, id);
  });
}

/**
 * PUT /products/{productId}: the body is the whole product. Variants with an id are updated
 * (they must belong to this product), those without are added, and the ones left out removed.
 */
export function updateProduct(db: Db, id: number, fields: ProductFields): Promise<Product> {
  const variants = variantValues(fields);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('products')
      .set({ ...productValues(fields, variants), updatedAt: new Date() })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new TRPCError({ code: 'NOT_FOUND' });
    await checkArticles(trx, variants, id);

    const existing = new Set(
      (await trx.selectFrom('productVariants').select('id').where('productId', '=', id).execute()).map((row) => row.id),
    );
    const kept = fields.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id]));
    if (kept.some((variantId) => !existing.has(variantId))) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: domainMessages.foreignVariant });
    }
    const removed = [...existing].filter((variantId) => !kept.includes(variantId));
    if (removed.length) await trx.deleteFrom('productVariants').where('id', 'in', removed).execute();
    // Free the articles first, so two variants may swap theirs in one edit.
    if (kept.length) {
      await trx
        .updateTable('productVariants')
        .set({ article: sql`'~' || id::text` })
        .where('id', 'in', kept)
        .execute();
    }
    for (const [index, variant] of fields.variants.entries()) {
      const values = variants[index]!;
      if (variant.id === undefined) await trx.insertInto('productVariants').values({ ...values, productId: id }).execute();
      else await trx.updateTable('productVariants').set(values).where('id', '=', variant.id).execute();
    }
    await writeLinks(trx, id, fields);
    return getProduct(trx, id);
  });
}

/** Its variants and links go with it (ON DELETE CASCADE). */
export async function deleteProduct(db: Db, id: number): Promise<{ ok: true }> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
  return { ok: true };
}
