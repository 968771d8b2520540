import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { inTransaction } from '../../../db/transaction.js';
import { notifyPriceDrops, notifyRestockedProducts } from '../../stock-alerts/notify.js';
import { recordStockChanges } from '../../webhooks/events.js';
import { refreshProductSummaries } from '../items.js';
import type { ImportPlan, PlannedProduct } from './plan.js';

/** Rows per statement: large enough to be few statements, small enough for the progress to move. */
const chunkSize = 2000;

/** Steps of an import besides its rows: links, sizes, items completed, summaries, alerts. */
const finishingSteps = 5;

/** The pause after each statement, for other requests (see `applyImport`). */
const breathMs = 10;

export function importSteps(plan: ImportPlan): number {
  return plan.products.length + plan.variants.length + plan.items.length + finishingSteps;
}

function chunks<T>(rows: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += chunkSize) result.push(rows.slice(start, start + chunkSize));
  return result;
}

/** An article or a url the preview saw free was taken by another product since: the whole import stops. */
function changedSincePreview(what: string): TRPCError {
  return new TRPCError({ code: 'CONFLICT', message: `Каталог изменился после проверки файла (${what}): проверьте файл ещё раз` });
}

async function upsertProducts(trx: Db, products: readonly PlannedProduct[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(products)) {
    const { rows } = await sql<{ id: number; url: string }>`
      insert into products (name, url, "desc", availability, parameters, extra)
      select d.name, d.url, coalesce(d.descr, ''), coalesce(d.available, true), '{}', '{}'
      from unnest(${part.map((p) => p.name)}::text[], ${part.map((p) => p.url)}::text[], ${part.map((p) => p.desc ?? null)}::text[],
        ${part.map((p) => p.availability ?? null)}::boolean[]) as d(name, url, descr, available)
      on conflict (url) do update set name = excluded.name,
        "desc" = case when ${sql.lit(part[0]?.desc === undefined)} then products."desc" else excluded."desc" end,
        availability = case when ${sql.lit(part[0]?.availability === undefined)} then products.availability else excluded.availability end,
        updated_at = now(), version = products.version + 1
      returning id, url`.execute(trx);
    for (const row of rows) ids.set(row.url, row.id);
  }
  return ids;
}

/** Categories and brands named in the file replace the product's; absent columns keep them. */
async function writeLinks(trx: Db, products: readonly PlannedProduct[], ids: ReadonlyMap<string, number>): Promise<void> {
  const productIds = products.map((product) => ids.get(product.url)!);
  const links = [
    ['product_categories', 'category_id', products.map((product) => product.categoryIds)],
    ['product_brands', 'brand_id', products.map((product) => product.brandIds)],
  ] as const;
  for (const [table, column, lists] of links) {
    if (lists[0] === undefined) continue;
    await sql`delete from ${sql.table(table)} where product_id = any(${productIds}::int[])`.execute(trx);
    const pairs = lists.flatMap((list, index) => (list ?? []).map((id) => [productIds[index]!, id] as const));
    for (const part of chunks(pairs)) {
      await sql`insert into ${sql.table(table)} (product_id, ${sql.ref(column)})
        select * from unnest(${part.map((pair) => pair[0])}::int[], ${part.map((pair) => pair[1])}::int[]) on conflict do nothing`.execute(trx);
    }
  }
  const sizes = products.flatMap((product, index) => product.sizeIds.map((sizeId) => [productIds[index]!, sizeId] as const));
  for (const part of chunks(sizes)) {
    await sql`insert into product_sizes (product_id, size_id)
      select * from unnest(${part.map((pair) => pair[0])}::int[], ${part.map((pair) => pair[1])}::int[]) on conflict do nothing`.execute(trx);
  }
}

/**
 * Colours by article: existing ones (locked, and checked to still be the same product's) are
 * updated, the others inserted. Not an upsert: the article's constraint is deferrable, which
 * ON CONFLICT cannot use.
 */
async function upsertVariants(trx: Db, plan: ImportPlan, productIds: ReadonlyMap<string, number>, progress: (rows: number) => Promise<void>) {
  const ids = new Map<string, number>();
  const keepColor = plan.variants[0]?.colorId === undefined;
  const keepOld = plan.variants[0]?.oldPrice === undefined;
  const keepImages = plan.variants[0]?.images === undefined;
  for (const part of chunks(plan.variants)) {
    const existing = await trx
      .selectFrom('productVariants')
      .select(['id', 'article', 'productId'])
      .where('article', '=', (eb) => eb.fn.any(eb.val(part.map((variant) => variant.article))))
      .orderBy('id')
      .forUpdate()
      .execute();
    const found = new Map(existing.map((row) => [row.article, row]));
    const updates = part.filter((variant) => found.has(variant.article));
    for (const variant of updates) {
      if (found.get(variant.article)!.productId !== productIds.get(variant.productUrl)) throw changedSincePreview('артикул цвета у другого товара');
      ids.set(variant.article, found.get(variant.article)!.id);
    }
    if (updates.length) {
      await sql`
        update product_variants v set price = d.price,
          color_id = case when ${sql.lit(keepColor)} then v.color_id else d.color_id end,
          old_price = case when ${sql.lit(keepOld)} then v.old_price else d.old_price end,
          images = case when ${sql.lit(keepImages)} then v.images when d.images = '' then '{}'::text[] else string_to_array(d.images, E'\n') end
        from unnest(${updates.map((v) => ids.get(v.article)!)}::int[], ${updates.map((v) => v.colorId ?? null)}::int[], ${updates.map((v) => v.price)}::bigint[],
          ${updates.map((v) => v.oldPrice ?? null)}::bigint[], ${updates.map((v) => (v.images ?? []).join('\n'))}::text[]) as d(id, color_id, price, old_price, images)
        where v.id = d.id`.execute(trx);
    }
    const inserts = part.filter((variant) => !found.has(variant.article));
    if (inserts.length) {
      const { rows } = await sql<{ id: number; article: string }>`
        insert into product_variants (product_id, article, color_id, price, old_price, images, position)
        select d.product_id, d.article, d.color_id, d.price, d.old_price,
          case when d.images = '' then '{}'::text[] else string_to_array(d.images, E'\n') end,
          coalesce((select max(o.position) + 1 from product_variants o where o.product_id = d.product_id), 0) + d.ord
        from unnest(${inserts.map((v) => productIds.get(v.productUrl)!)}::int[], ${inserts.map((v) => v.article)}::text[], ${inserts.map((v) => v.colorId ?? null)}::int[],
          ${inserts.map((v) => v.price)}::bigint[], ${inserts.map((v) => v.oldPrice ?? null)}::bigint[], ${inserts.map((v) => (v.images ?? []).join('\n'))}::text[],
          ${inserts.map((_, index) => index)}::int[]) as d(product_id, article, color_id, price, old_price, images, ord)
        order by d.article
        returning id, article`.execute(trx);
      for (const row of rows) ids.set(row.article, row.id);
    }
    await progress(part.length);
  }
  return ids;
}

async function upsertItems(trx: Db, plan: ImportPlan, variantIds: ReadonlyMap<string, number>, progress: (rows: number) => Promise<void>): Promise<void> {
  const keepBarcode = plan.items[0]?.barcode === undefined;
  for (const part of chunks(plan.items)) {
    await sql`
      insert into variant_items (variant_id, size_id, article, barcode, stock)
      select * from unnest(${part.map((item) => variantIds.get(item.variantArticle)!)}::int[], ${part.map((item) => item.sizeId)}::int[],
        ${part.map((item) => item.article)}::text[], ${part.map((item) => item.barcode ?? null)}::text[], ${part.map((item) => item.stock)}::int[])
      on conflict on constraint variant_items_variant_size_key do update set article = excluded.article, stock = excluded.stock,
        barcode = case when ${sql.lit(keepBarcode)} then variant_items.barcode else excluded.barcode end`.execute(trx);
    await progress(part.length);
  }
}

/**
 * Writes a checked plan in one transaction, a few statements per 2 000 rows (docs/catalogue-import.md).
 * `progress` is told how many steps are done after each statement; nothing is visible to others
 * until the commit, and any failure leaves the catalogue as it was.
 */
export function applyImport(db: Db, plan: ImportPlan, progress: (done: number) => void): Promise<{ products: number; items: number }> {
  return inTransaction(db, async (trx) => {
    let done = 0;
    // After each statement the event loop gets a turn: on the embedded database a statement runs
    // in this thread, and the admin's poll of the progress (and shoppers' requests) must get through.
    const step = async (rows: number) => {
      progress((done += rows));
      await new Promise((resolve) => setTimeout(resolve, breathMs));
    };
    await sql`set constraints variant_items_article_key, variant_items_barcode_key deferred`.execute(trx);
    const before = await trx
      .selectFrom('productVariants')
      .select(['id', 'stock', 'price'])
      .where('article', '=', (eb) => eb.fn.any(eb.val(plan.variants.map((variant) => variant.article))))
      .execute();
    const productIds = await upsertProducts(trx, plan.products);
    if (productIds.size !== plan.products.length) throw changedSincePreview('адрес товара');
    await step(plan.products.length);
    await writeLinks(trx, plan.products, productIds);
    await step(1);
    const variantIds = await upsertVariants(trx, plan, productIds, step);
    await upsertItems(trx, plan, variantIds, step);
    const ids = [...productIds.values()];
    await sql`select variant_items_fill(${ids}::int[])`.execute(trx);
    await step(1);
    await refreshProductSummaries(trx, ids, false);
    await step(1);
    await notifyRestockedProducts(trx, ids);
    await notifyPriceDrops(trx, before.map((row) => row.id));
    await step(1);
    const after = await trx.selectFrom('productVariants').select(['id', 'productId', 'stock']).where('id', '=', (eb) => eb.fn.any(eb.val(before.map((row) => row.id)))).execute();
    const stockBefore = new Map(before.map((row) => [row.id, row.stock]));
    await recordStockChanges(trx, after.filter((row) => stockBefore.get(row.id) !== row.stock));
    await step(1);
    return { products: plan.products.length, items: plan.items.length };
  });
}
