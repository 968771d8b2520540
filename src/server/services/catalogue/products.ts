import { TRPCError } from '@trpc/server';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
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
import { categorySubtreeIds, refIds } from './refs.js';
import { searchWords, tsQueryText } from './search.js';

type ProductFields = z.output<typeof productInputSchema>;
type ListInput = z.output<typeof productListSchema>;
type Filters = z.output<typeof priceRangeSchema>;
type ProductsEb = ExpressionBuilder<Database, 'products'>;

/** A filtered total is counted exactly up to this many rows, and estimated above it. */
export const exactCountLimit = 10_000;

// ---------------------------------------------------------------- filters

/**
 * The filters with every reference resolved to ids (categories and parent to their whole
 * subtrees) and the name to a tsquery, all in one small query before the main one. Literal ids
 * give PostgreSQL real row estimates (a subquery in the main statement would not), so it can
 * choose between walking the sort index and collecting the matches first.
 */
interface Resolved {
  /** null without a name filter; false when the name has no word (it matches nothing). */
  tsQuery: string | false | null;
  categories: number[] | null;
  parent: number[] | null;
  colors: number[] | null;
  brands: number[] | null;
  tags: number[] | null;
  sizes: number[] | null;
}

const refFilters = [
  ['categories', 'categories'],
  ['parent', 'categories'],
  ['colors', 'colors'],
  ['brands', 'brands'],
  ['tags', 'tags'],
  ['sizes', 'sizes'],
] as const;

async function resolveFilters(db: Db, filters: Filters): Promise<Resolved> {
  const resolved: Resolved = { tsQuery: null, categories: null, parent: null, colors: null, brands: null, tags: null, sizes: null };
  const selections = [];
  for (const [key, table] of refFilters) {
    const refs = key === 'parent' ? (filters.parent ? [filters.parent] : undefined) : filters[key];
    if (!refs?.length) continue;
    const ids = table === 'categories' ? categorySubtreeIds(refs) : refIds(table, refs);
    selections.push(sql`(select coalesce(array_agg(r.id), '{}') from ${ids} as r(id))`.as(key));
  }
  const words = filters.name ? searchWords(filters.name) : [];
  if (filters.name && !words.length) resolved.tsQuery = false;
  if (words.length) selections.push(tsQueryText(words).as('tsQuery'));
  if (!selections.length) return resolved;

  const row = await db.selectNoFrom(selections).executeTakeFirstOrThrow();
  const values = row as Record<string, unknown>;
  for (const [key] of refFilters) if (key in values) resolved[key] = values[key] as number[];
  if ('tsQuery' in values) resolved.tsQuery = typeof values['tsQuery'] === 'string' ? values['tsQuery'] : false;
  return resolved;
}

/** A reference filter that named nothing that exists selects no product at all. */
function selectsNothing(resolved: Resolved): boolean {
  return resolved.tsQuery === false || refFilters.some(([key]) => resolved[key]?.length === 0);
}

/**
 * The WHERE conditions of the filters present, and only those (no `$1 IS NULL OR …`), so that
 * PostgreSQL plans each request with the indexes it can use.
 */
function filterConditions(eb: ProductsEb, filters: Filters, resolved: Resolved): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (typeof resolved.tsQuery === 'string') conditions.push(sql<SqlBool>`products.search @@ to_tsquery('russian', ${resolved.tsQuery})`);
  if (filters.minPrice !== undefined) conditions.push(eb('products.price', '>=', toKopecks(filters.minPrice)));
  if (filters.maxPrice !== undefined) conditions.push(eb('products.price', '<=', toKopecks(filters.maxPrice)));
  if (filters.desc) conditions.push(eb('products.desc', 'ilike', containsPattern(filters.desc)));
  if (filters.available) conditions.push(eb('products.availability', '=', true), eb('products.inStock', '=', true));
  if (resolved.colors) {
    conditions.push(
      eb.exists(
        eb.selectFrom('productVariants as v').select('v.id').whereRef('v.productId', '=', 'products.id').where(sql<SqlBool>`v.color_id = any(${resolved.colors}::int[])`),
      ),
    );
  }
  // `categories` and `parent` are separate conditions: parent=a&categories=b is "b within a".
  for (const ids of [resolved.categories, resolved.parent]) {
    if (!ids) continue;
    conditions.push(
      eb.exists(
        eb.selectFrom('productCategories as pc').select('pc.productId').whereRef('pc.productId', '=', 'products.id').where(sql<SqlBool>`pc.category_id = any(${ids}::int[])`),
      ),
    );
  }
  if (resolved.brands) {
    conditions.push(
      eb.exists(
        eb.selectFrom('productBrands as pb').select('pb.productId').whereRef('pb.productId', '=', 'products.id').where(sql<SqlBool>`pb.brand_id = any(${resolved.brands}::int[])`),
      ),
    );
  }
  if (resolved.tags) {
    conditions.push(
      eb.exists(
        eb.selectFrom('productTags as pt').select('pt.productId').whereRef('pt.productId', '=', 'products.id').where(sql<SqlBool>`pt.tag_id = any(${resolved.tags}::int[])`),
      ),
    );
  }
  if (resolved.sizes) {
    conditions.push(
      eb.exists(
        eb.selectFrom('productSizes as ps').select('ps.productId').whereRef('ps.productId', '=', 'products.id').where(sql<SqlBool>`ps.size_id = any(${resolved.sizes}::int[])`),
      ),
    );
  }
  return conditions;
}

function filteredProducts(db: Db, filters: Filters, resolved: Resolved) {
  const conditions = (eb: ProductsEb) => filterConditions(eb, filters, resolved);
  return db.selectFrom('products').where((eb) => eb.and(conditions(eb)));
}

function hasFilters(filters: Filters): boolean {
  return Boolean(
    filters.name ||
      filters.minPrice !== undefined ||
      filters.maxPrice !== undefined ||
      filters.desc ||
      filters.available ||
      filters.colors?.length ||
      filters.categories?.length ||
      filters.brands?.length ||
      filters.tags?.length ||
      filters.sizes?.length ||
      filters.parent,
  );
}

// ---------------------------------------------------------------- list

function sortExpression(sortBy: NonNullable<ListInput['sortBy']>, tsQuery: string | false | null) {
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
      return typeof tsQuery !== 'string' ? sql`products.id` : sql`ts_rank(products.search, to_tsquery('russian', ${tsQuery}), 1)`;
    case 'createdAt':
      return sql`products.created_at`;
  }
}

interface CardRow {
  id: number;
  name: string;
  url: string;
  price: number;
  oldPrice: number | null;
  availability: boolean;
  inStock: boolean;
  rating: number;
  image: string | null;
  colors: Array<{ id: number; name: string; url: string; code: string }>;
  brands: Array<{ id: number; name: string; url: string }>;
}

/**
 * GET /products: one statement returns the page with its colours and brands and the total. The
 * page's ids are found first (an index walk for a deep offset touches no other table), then only
 * those rows are joined. The total is exact from a counter when nothing is filtered, counted
 * exactly up to `exactCountLimit` matches, and estimated by the planner above that.
 */
export async function listProducts(db: Db, input: ListInput): Promise<{ rows: ProductCard[]; length: number }> {
  const resolved = await resolveFilters(db, input);
  if (selectsNothing(resolved)) return { rows: [], length: 0 };
  const tsQuery = resolved.tsQuery;
  const sortBy = input.sortBy ?? (typeof tsQuery === 'string' ? 'relevance' : 'createdAt');
  // Relevance is always best first.
  const direction = sortBy === 'relevance' ? 'desc' : input.orderBy;
  const filtered = filteredProducts(db, input, resolved);
  const sortKey = sortExpression(sortBy, tsQuery);
  const page = filtered
    .select(['products.id', sortKey.as('sortKey')])
    .orderBy(sortKey, direction)
    .orderBy('products.id', direction)
    .limit(input.limit)
    .offset(input.offset);
  const filteredAtAll = hasFilters(input);

  const result = await db
    .with('page', () => page)
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
      (filteredAtAll
        ? eb
            .selectFrom(filtered.select(sql`1`.as('one')).limit(exactCountLimit + 1).as('matches'))
            .select(eb.fn.countAll<number>().as('n'))
        : eb.selectFrom('productCount').select('total')
      ).as('length'),
    ])
    .executeTakeFirstOrThrow();

  let length = Number(result.length ?? 0);
  if (filteredAtAll && length > exactCountLimit) length = Math.max(length, await estimateRows(db, filtered.select('products.id')));
  return { rows: (result.rows as CardRow[]).map(cardToRubles), length };
}

function cardToRubles(row: CardRow): ProductCard {
  return { ...row, price: toRubles(row.price), oldPrice: row.oldPrice === null ? null : toRubles(row.oldPrice) };
}

/** The planner's row estimate for a query: a large filtered total without counting it. */
async function estimateRows(db: Db, query: Expression<unknown>): Promise<number> {
  const explained = await sql<Record<string, Array<{ Plan: { 'Plan Rows': number } }>>>`explain (format json) ${query}`.execute(db);
  const plan = Object.values(explained.rows[0] ?? {})[0];
  return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * GET /products/priceRange: the cheapest and dearest price among the products the other filters
 * select. minPrice and maxPrice themselves are ignored, so a price slider keeps its full span.
 * Written as two "first by price" queries rather than min()/max() over a join, so PostgreSQL can
 * walk the price index from either end and stop at the first product that matches.
 */
export async function priceRange(db: Db, input: Filters): Promise<{ minPrice: number; maxPrice: number }> {
  const filters: Filters = { ...input, minPrice: undefined, maxPrice: undefined };
  const resolved = await resolveFilters(db, filters);
  if (selectsNothing(resolved)) return { minPrice: 0, maxPrice: 0 };
  const filtered = filteredProducts(db, filters, resolved);
  const row = await db
    .selectNoFrom([
      filtered.select('products.price').orderBy('products.price', 'asc').limit(1).as('minPrice'),
      filtered.select('products.price').orderBy('products.price', 'desc').limit(1).as('maxPrice'),
    ])
    .executeTakeFirstOrThrow();
  return { minPrice: toRubles(row.minPrice ?? 0), maxPrice: toRubles(row.maxPrice ?? 0) };
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
