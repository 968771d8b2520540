import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import { domainMessages } from '../../../shared/errors.js';
import { toKopecks } from '../../../shared/money.js';
import { productInputShape, productSchema, type Product, type productInputSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { missingOrStale, nextVersion, sameVersion } from '../platform/versioned.js';
import { notifyPriceDrops } from '../stock-alerts/notify.js';
import { productEventData, recordEvent, recordStockChanges } from '../webhooks/events.js';
import { refuseIfReferenced } from './dependents.js';
import { writeItems, type VariantItemsPlan } from './items.js';
import { getProduct } from './product-read.js';

type ProductFields = z.output<typeof productInputSchema>;

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
    stock: variant.items ? variant.items.reduce((sum, item) => sum + item.stock, 0) : (variant.stock ?? 0),
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

/** Names a client may not use for an open field: what the product answers, its id, the version. */
const reservedFields = new Set([...Object.keys(productInputShape), ...Object.keys(productSchema.shape), 'productId', 'version']);

/**
 * The product's open set (docs/catalogue.md): `extra`, plus every other top-level field of the
 * body. A client that sends back what it read therefore keeps its own fields, and the computed
 * ones (price, inStock, rating…) are never stored as if they were its own.
 */
export function openFields(fields: ProductFields): Record<string, unknown> {
  const topLevel = Object.entries(fields).filter(([key, value]) => !reservedFields.has(key) && value !== undefined);
  return { ...fields.extra, ...Object.fromEntries(topLevel) };
}

function productValues(fields: ProductFields, variants: readonly VariantValues[]) {
  return {
    name: fields.name,
    url: fields.url,
    desc: fields.desc,
    availability: fields.availability,
    parameters: JSON.stringify(fields.parameters),
    extra: JSON.stringify(openFields(fields)),
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
    const ids = [...new Set(fields[field])];
    // Only the links that really change are written: an unchanged save leaves the search's
    // category and brand words (and `search_version`, migration 0034) as they were.
    // The four tables share one shape; Kysely cannot see that through a union of table names.
    const linked = column as 'categoryId';
    await db
      .deleteFrom(table as 'productCategories')
      .where('productId', '=', productId)
      .$if(ids.length > 0, (query) => query.where(linked, 'not in', ids))
      .execute();
    if (!ids.length) continue;
    const rows = ids.map((id) => ({ productId, [column]: id })) as Array<{ productId: number; categoryId: number }>;
    await db.insertInto(table as 'productCategories').values(rows).onConflict((conflict) => conflict.doNothing()).execute();
  }
}

const uniqueSizes = (fields: ProductFields): number[] => [...new Set(fields.sizes)];

function itemsPlan(variantId: number, variant: ProductFields['variants'][number]): VariantItemsPlan {
  return { variantId, items: variant.items, stock: variant.stock };
}

/** New variants go in article order: two saves adding the same articles queue instead of deadlocking. */
function inArticleOrder<T extends { article: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.article < b.article ? -1 : a.article > b.article ? 1 : 0));
}

export function createProduct(db: Db, fields: ProductFields): Promise<Product> {
  const variants = variantValues(fields);
  return inTransaction(db, async (trx) => {
    await checkArticles(trx, variants, null);
    const { id } = await trx.insertInto('products').values(productValues(fields, variants)).returning('id').executeTakeFirstOrThrow();
    const inserted = await trx
      .insertInto('productVariants')
      .values(inArticleOrder(variants).map((variant) => ({ ...variant, productId: id })))
      .returning(['id', 'article'])
      .execute();
    await writeLinks(trx, id, fields);
    const ids = new Map(inserted.map((row) => [row.article, row.id]));
    await writeItems(trx, id, uniqueSizes(fields), fields.variants.map((variant) => itemsPlan(ids.get(variant.article) ?? 0, variant)));
    const product = await getProduct(trx, id);
    await recordEvent(trx, 'product.created', productEventData(product));
    return product;
  });
}

/**
 * PUT /products/{productId}: the body is the whole product. Variants with an id are updated
 * (they must belong to this product), those without are added, and the ones left out removed.
 * With `version`, a product changed since it was loaded is refused (409) rather than overwritten.
 * Rows are locked in one order (the product, then its variants by id) and new variants are added
 * in article order; articles are checked at commit, so two variants may swap theirs in one save.
 */
export function updateProduct(db: Db, id: number, fields: ProductFields, version?: number): Promise<Product> {
  const variants = variantValues(fields);
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('products')
      .set({ ...productValues(fields, variants), updatedAt: new Date(), version: nextVersion })
      .where('id', '=', id)
      .where(sameVersion(version))
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw await missingOrStale(trx, 'products', id);
    await checkArticles(trx, variants, id);
    await sql`set constraints product_variants_article_key deferred`.execute(trx);

    const before = await trx.selectFrom('productVariants').select(['id', 'stock']).where('productId', '=', id).orderBy('id').forUpdate().execute();
    const existing = before.map((row) => row.id);
    const kept = fields.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id]));
    if (kept.some((variantId) => !existing.includes(variantId))) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: domainMessages.foreignVariant });
    }
    const removed = existing.filter((variantId) => !kept.includes(variantId));
    if (removed.length) await trx.deleteFrom('productVariants').where('id', 'in', removed).execute();

    const edits = fields.variants.flatMap((variant, index) => (variant.id === undefined ? [] : [{ id: variant.id, values: variants[index]! }]));
    for (const edit of edits.sort((a, b) => a.id - b.id)) {
      await trx.updateTable('productVariants').set(edit.values).where('id', '=', edit.id).execute();
    }
    const added = fields.variants.flatMap((variant, index) => (variant.id === undefined ? [variants[index]!] : []));
    const inserted = added.length
      ? await trx
          .insertInto('productVariants')
          .values(inArticleOrder(added).map((values) => ({ ...values, productId: id })))
          .returning(['id', 'article'])
          .execute()
      : [];
    await writeLinks(trx, id, fields);
    const newIds = new Map(inserted.map((row) => [row.article, row.id]));
    await writeItems(trx, id, uniqueSizes(fields), fields.variants.map((variant) => itemsPlan(variant.id ?? newIds.get(variant.article) ?? 0, variant)));
    await notifyPriceDrops(trx, fields.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id])));
    const product = await getProduct(trx, id);
    await recordEvent(trx, 'product.updated', productEventData(product));
    const stockBefore = new Map(before.map((row) => [row.id, row.stock]));
    await recordStockChanges(
      trx,
      product.variants.filter((variant) => stockBefore.get(variant.id) !== variant.stock).map((variant) => ({ id: variant.id, productId: id, stock: variant.stock })),
    );
    return product;
  });
}

/** Its variants and links go with it (ON DELETE CASCADE). */
/**
 * A product that shoppers reviewed, asked about or ordered is not deleted (409 naming what refers
 * to it, with the offer to withdraw it from sale instead); the foreign keys refuse a delete that
 * races a new review or order.
 */
export async function deleteProduct(db: Db, id: number): Promise<{ ok: true }> {
  await refuseIfReferenced(db, { table: 'products', id });
  await inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('products').where('id', '=', id).executeTakeFirst();
    if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
    await recordEvent(trx, 'product.deleted', { productId: id });
  });
  return { ok: true };
}
