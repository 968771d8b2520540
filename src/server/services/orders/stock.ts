import { TRPCError } from '@trpc/server';
import { sql, type Selectable } from 'kysely';
import { orderMessages } from '../../../shared/order-messages.js';
import type { Db } from '../../db/connection.js';
import type { CheckoutLinesTable } from '../../db/tables/orders.js';
import { recordStockChanges } from '../webhooks/events.js';
import { productSummaryUpdate } from '../catalogue/items.js';
import { notifyRestocked } from '../stock-alerts/notify.js';
import { describeItem, itemKey, type Item } from './items.js';
import { orderability } from './orderability.js';

/** An order line as it is stored: what was bought, at what price (kopecks). */
export type LineSnapshot = Omit<Selectable<CheckoutLinesTable>, 'id' | 'checkoutId' | 'position'>;

interface LockedVariant {
  id: number;
  productId: number;
  article: string;
  price: number;
  stock: number;
  image: string | null;
  name: string;
  url: string;
  availability: boolean;
  colorName: string | null;
  sizes: number[];
}

interface LockedItem {
  id: number;
  variantId: number;
  sizeId: number | null;
  article: string;
  stock: number;
  sizeName: string | null;
}

/**
 * Locks the items of the variants (already locked, so two orders reach them in one order) and
 * answers them by `variantId:sizeId`.
 */
export async function lockItems(trx: Db, variantIds: readonly number[]): Promise<Map<string, LockedItem>> {
  if (!variantIds.length) return new Map();
  const { rows } = await sql<LockedItem>`
    select i.id, i.variant_id as "variantId", i.size_id as "sizeId", i.article, i.stock, z.name as "sizeName"
    from variant_items i left join sizes z on z.id = i.size_id
    where i.variant_id = any(${[...variantIds]}::int[]) order by i.id for update of i`.execute(trx);
  return new Map(rows.map((row) => [itemKey(row), row]));
}

/**
 * Adds `delta` (per item id) to the items, sets their variants' stock to the sum, refreshes their
 * products' summaries, and tells webhooks. The three writes are one statement: an order holds its
 * colours' locks until commit, so each round trip saved is time the next buyer does not wait.
 */
export async function changeItemStock(trx: Db, delta: ReadonlyMap<number, number>): Promise<void> {
  const ids = [...delta.keys()];
  if (!ids.length) return;
  // The items, then their colours' totals by the same deltas (the colours are locked by the
  // caller, so the total moves with its items), then the products' summaries, which see the
  // colours' new stock through the CTE's answer (the statement's snapshot still holds the old).
  const { rows: changed } = await sql<{ id: number; productId: number; stock: number }>`
    with moved as (
      update variant_items i set stock = i.stock + d.q
      from unnest(${ids}::int[], ${ids.map((id) => delta.get(id) ?? 0)}::int[]) as d(id, q)
      where i.id = d.id
      returning i.variant_id, d.q
    ), colours as (
      update product_variants v set stock = v.stock + m.q
      from (select variant_id, sum(q)::int as q from moved group by variant_id) m
      where v.id = m.variant_id
      returning v.id, v.product_id, v.stock
    ), summaries as (
      ${productSummaryUpdate(sql`array(select product_id from colours)`, sql`coalesce(c.stock, v.stock)`, sql`left join colours c on c.id = v.id`, true)}
    )
    select id, product_id as "productId", stock from colours`.execute(trx);
  await recordStockChanges(trx, changed);
  await notifyRestocked(trx, ids.filter((id) => (delta.get(id) ?? 0) > 0));
}

/**
 * Locks the variants' rows in id order (so two orders never wait on each other in a circle) and
 * reads them as they are after any order that held them before.
 */
export async function lockVariants(trx: Db, ids: readonly number[]): Promise<Map<number, LockedVariant>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (!sorted.length) return new Map();
  const { rows } = await sql<LockedVariant>`
    select v.id, v.product_id as "productId", v.article, v.price, v.stock, coalesce(v.images[1], p.image) as image,
      p.name, p.url, p.availability, c.name as "colorName",
      array(select ps.size_id from product_sizes ps where ps.product_id = p.id) as sizes
    from product_variants v
    join products p on p.id = v.product_id
    left join colors c on c.id = v.color_id
    where v.id = any(${sorted}::int[])
    order by v.id
    for update of v`.execute(trx);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The names of sizes asked for that no locked item carries (only to name them in a refusal). */
async function missingSizeNames(trx: Db, items: readonly Item[], stocked: ReadonlyMap<string, LockedItem>): Promise<Map<number, string>> {
  const ids = [...new Set(items.flatMap((item) => (item.sizeId === null || stocked.has(itemKey(item)) ? [] : [item.sizeId])))];
  if (!ids.length) return new Map();
  const rows = await trx.selectFrom('sizes').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/**
 * Takes the items' stock inside the caller's transaction and answers the order's line snapshots.
 * Refuses with 409, naming the item, when a variant is gone, withdrawn or short: «Недостаточно
 * товара на складе: Куртка, синий, размер 48 (в наличии 0)». Stock never goes below zero: the rows
 * are locked, and the check constraint stands behind the check here.
 */
export async function takeStock(trx: Db, items: readonly Item[]): Promise<LineSnapshot[]> {
  const variants = await lockVariants(trx, items.map((item) => item.variantId));
  const stocked = await lockItems(trx, [...variants.keys()]);
  const sizes = await missingSizeNames(trx, items, stocked);
  const wanted = new Map<string, number>();
  for (const item of items) wanted.set(itemKey(item), (wanted.get(itemKey(item)) ?? 0) + item.quantity);
  const taken = new Map<number, number>();

  const lines = items.map((item): LineSnapshot => {
    const variant = variants.get(item.variantId);
    if (!variant) throw conflict(`${orderMessages.variantGone}вариант №${item.variantId}`);
    const stockItem = stocked.get(itemKey(item));
    const sizeName = item.sizeId === null ? null : (stockItem?.sizeName ?? sizes.get(item.sizeId) ?? null);
    const label = describeItem({ name: variant.name, colorName: variant.colorName, sizeName });
    const hasSizes = variant.sizes.length > 0;
    const { state } = orderability({
      exists: true,
      sizeId: item.sizeId,
      hasSizes,
      sizeOffered: item.sizeId !== null && variant.sizes.includes(item.sizeId) && stockItem !== undefined,
      availability: variant.availability,
      stock: stockItem?.stock ?? 0,
      quantity: wanted.get(itemKey(item)) ?? 0,
    });
    if (state === 'gone' && hasSizes && item.sizeId === null) throw new TRPCError({ code: 'BAD_REQUEST', message: `${orderMessages.sizeRequired}${label}` });
    if (state === 'gone' || !stockItem) throw conflict(`${orderMessages.variantGone}${label}`);
    if (state === 'withdrawn') throw conflict(`${orderMessages.unavailable}${label}`);
    if (state !== 'ok') throw conflict(`${orderMessages.outOfStock}${label} (в наличии ${stockItem.stock})`);
    taken.set(stockItem.id, (taken.get(stockItem.id) ?? 0) - item.quantity);
    return {
      productId: variant.productId,
      variantId: variant.id,
      sizeId: item.sizeId,
      productName: variant.name,
      productUrl: variant.url,
      article: stockItem.article,
      colorName: variant.colorName,
      sizeName,
      image: variant.image,
      quantity: item.quantity,
      unitPrice: variant.price,
    };
  });
  await changeItemStock(trx, taken);
  return lines;
}

/**
 * A cancelled or deleted order gives its units back, each to its colour and size (when they still
 * exist: a size removed from the product since takes nothing back). The caller's status change
 * makes it happen once.
 */
export async function returnStock(trx: Db, checkoutId: number): Promise<void> {
  const lines = await trx.selectFrom('checkoutLines').select(['variantId', 'sizeId', 'quantity']).where('checkoutId', '=', checkoutId).execute();
  const variants = await lockVariants(trx, lines.map((line) => line.variantId));
  const stocked = await lockItems(trx, [...variants.keys()]);
  const back = new Map<number, number>();
  for (const line of lines) {
    const item = stocked.get(itemKey(line));
    if (item) back.set(item.id, (back.get(item.id) ?? 0) + line.quantity);
  }
  await changeItemStock(trx, back);
}
