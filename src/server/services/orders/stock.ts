import { TRPCError } from '@trpc/server';
import { sql, type Selectable } from 'kysely';
import { orderMessages } from '../../../shared/order-messages.js';
import type { Db } from '../../db/connection.js';
import type { CheckoutLinesTable } from '../../db/tables/orders.js';
import { recordStockChanges } from '../webhooks/events.js';
import { describeItem, type Item } from './items.js';
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

/**
 * Locks the variants' rows in id order (so two orders never wait on each other in a circle) and
 * reads them as they are after any order that held them before.
 */
async function lockVariants(trx: Db, ids: readonly number[]): Promise<Map<number, LockedVariant>> {
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

/**
 * The product row repeats its variants (price and old price of the cheapest variant in stock, the
 * cheapest overall when none is, `inStock`, image: services/catalogue/product-write.ts). After a
 * stock change it is brought up to date (its rows locked in product id order first, in the same
 * statement), and its version is bumped so an admin form loaded before the order cannot write
 * the old stock back.
 */
async function refreshProducts(trx: Db, productIds: readonly number[]): Promise<void> {
  const sorted = [...new Set(productIds)].sort((a, b) => a - b);
  if (!sorted.length) return;
  await sql`
    update products p set price = s.price, old_price = s.old_price, in_stock = s.in_stock, version = p.version + 1,
      image = coalesce(s.image, (select v2.images[1] from product_variants v2 where v2.product_id = p.id and cardinality(v2.images) > 0 order by v2.position limit 1))
    from (
      select distinct on (v.product_id) v.product_id, v.price, v.old_price, v.images[1] as image,
        bool_or(v.stock > 0) over (partition by v.product_id) as in_stock
      from product_variants v where v.product_id = any(${sorted}::int[])
      order by v.product_id, (v.stock > 0) desc, v.price, v.position
    ) s
    where p.id = s.product_id
      and p.id in (select l.id from products l where l.id = any(${sorted}::int[]) order by l.id for update)`.execute(trx);
}

async function sizeNames(trx: Db, items: readonly Item[]): Promise<Map<number, string>> {
  const ids = [...new Set(items.flatMap((item) => (item.sizeId === null ? [] : [item.sizeId])))];
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
  const sizes = await sizeNames(trx, items);
  const wanted = new Map<number, number>();
  for (const item of items) wanted.set(item.variantId, (wanted.get(item.variantId) ?? 0) + item.quantity);

  const lines = items.map((item): LineSnapshot => {
    const variant = variants.get(item.variantId);
    if (!variant) throw conflict(`${orderMessages.variantGone}вариант №${item.variantId}`);
    const sizeName = item.sizeId === null ? null : (sizes.get(item.sizeId) ?? null);
    const label = describeItem({ name: variant.name, colorName: variant.colorName, sizeName });
    const hasSizes = variant.sizes.length > 0;
    const { state } = orderability({
      exists: true,
      sizeId: item.sizeId,
      hasSizes,
      sizeOffered: item.sizeId !== null && variant.sizes.includes(item.sizeId),
      availability: variant.availability,
      stock: variant.stock,
      quantity: wanted.get(variant.id) ?? 0,
    });
    if (state === 'gone' && hasSizes && item.sizeId === null) throw new TRPCError({ code: 'BAD_REQUEST', message: `${orderMessages.sizeRequired}${label}` });
    if (state === 'gone') throw conflict(`${orderMessages.variantGone}${label}`);
    if (state === 'withdrawn') throw conflict(`${orderMessages.unavailable}${label}`);
    if (state !== 'ok') throw conflict(`${orderMessages.outOfStock}${label} (в наличии ${variant.stock})`);
    return {
      productId: variant.productId,
      variantId: variant.id,
      sizeId: item.sizeId,
      productName: variant.name,
      productUrl: variant.url,
      article: variant.article,
      colorName: variant.colorName,
      sizeName,
      image: variant.image,
      quantity: item.quantity,
      unitPrice: variant.price,
    };
  });

  const ids = [...wanted.keys()];
  const quantities = ids.map((id) => wanted.get(id) ?? 0);
  const { rows: changed } = await sql<{ id: number; productId: number; stock: number }>`
    update product_variants v set stock = v.stock - d.q
    from unnest(${ids}::int[], ${quantities}::int[]) as d(id, q)
    where v.id = d.id
    returning v.id, v.product_id as "productId", v.stock`.execute(trx);
  await recordStockChanges(trx, changed);
  await refreshProducts(trx, lines.map((line) => line.productId));
  return lines;
}

/** A cancelled or deleted order gives its units back (to the variants that still exist). */
export async function returnStock(trx: Db, checkoutId: number): Promise<void> {
  const lines = await trx.selectFrom('checkoutLines').select(['variantId', 'quantity']).where('checkoutId', '=', checkoutId).execute();
  const back = new Map<number, number>();
  for (const line of lines) back.set(line.variantId, (back.get(line.variantId) ?? 0) + line.quantity);
  const variants = await lockVariants(trx, [...back.keys()]);
  const ids = [...back.keys()].filter((id) => variants.has(id));
  if (!ids.length) return;
  const quantities = ids.map((id) => back.get(id) ?? 0);
  const { rows: changed } = await sql<{ id: number; productId: number; stock: number }>`
    update product_variants v set stock = v.stock + d.q
    from unnest(${ids}::int[], ${quantities}::int[]) as d(id, q)
    where v.id = d.id
    returning v.id, v.product_id as "productId", v.stock`.execute(trx);
  await recordStockChanges(trx, changed);
  await refreshProducts(trx, ids.map((id) => variants.get(id)?.productId ?? 0));
}
