import { TRPCError } from '@trpc/server';
import { sql, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import { domainMessages } from '../../../shared/errors.js';
import type { itemInputSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { notifyRestockedProducts } from '../stock-alerts/notify.js';

/**
 * The items of a colour: one per size of the product (one without a size when it has none), each
 * with its stock, article and barcode (docs/catalogue.md, "Items"). The variant's stock is their
 * sum and the product row repeats its variants; both are brought up to date here, in the caller's
 * transaction.
 */

type ItemInput = z.output<typeof itemInputSchema>;

/** A saved variant and what the body said about its items. */
export interface VariantItemsPlan {
  variantId: number;
  /** The body's items, when it gave them. */
  items: ItemInput[] | undefined;
  /** Without items: the colour's stock (split across the sizes when it changed). */
  stock: number | undefined;
}

/**
 * Refuses (400) items of a size the product does not have, naming the item: the product's sizes
 * are the one list of what is sold.
 */
function checkSizes(plans: readonly VariantItemsPlan[], sizes: readonly number[]): void {
  for (const plan of plans) {
    for (const item of plan.items ?? []) {
      const offered = item.sizeId === null ? sizes.length === 0 : sizes.includes(item.sizeId);
      if (!offered) throw new TRPCError({ code: 'BAD_REQUEST', message: `${domainMessages.itemSizeNotOffered}(размер №${item.sizeId ?? '—'})` });
    }
  }
}

/**
 * Writes the items a product body gives, then completes them with `variant_items_fill` (migration
 * 0020: sizes gone are removed, new sizes start at 0, a colour without items gets its stock split
 * across its sizes) and refreshes the variants' stock and the product row.
 */
export async function writeItems(trx: Db, productId: number, sizes: readonly number[], plans: readonly VariantItemsPlan[]): Promise<void> {
  checkSizes(plans, sizes);
  await sql`set constraints variant_items_article_key, variant_items_barcode_key deferred`.execute(trx);
  const current = await trx
    .selectFrom('variantItems')
    .select(['variantId', sql<number>`sum(stock)::int`.as('stock')])
    .where('variantId', 'in', plans.length ? plans.map((plan) => plan.variantId) : [0])
    .groupBy('variantId')
    .execute();
  const sums = new Map(current.map((row) => [row.variantId, row.stock]));
  // A colour's stock given without items and changed: its items are made again from it.
  const resplit = plans.filter((plan) => plan.items === undefined && plan.stock !== undefined && sums.has(plan.variantId) && sums.get(plan.variantId) !== plan.stock);
  if (resplit.length) {
    await trx.deleteFrom('variantItems').where('variantId', 'in', resplit.map((plan) => plan.variantId)).execute();
    for (const plan of resplit) {
      await trx.updateTable('productVariants').set({ stock: plan.stock ?? 0 }).where('id', '=', plan.variantId).execute();
    }
  }
  const rows = plans.flatMap((plan) => (plan.items ?? []).map((item) => ({ variantId: plan.variantId, ...item })));
  if (rows.length) {
    await sql`
      insert into variant_items (variant_id, size_id, article, barcode, stock)
      select d.variant_id, d.size_id,
        coalesce(nullif(d.article, ''), case when d.size_id is null then v.article else v.article || '/' || z.name end),
        d.barcode, d.stock
      from unnest(${rows.map((row) => row.variantId)}::int[], ${rows.map((row) => row.sizeId)}::int[], ${rows.map((row) => row.article ?? '')}::text[],
        ${rows.map((row) => row.barcode)}::text[], ${rows.map((row) => row.stock)}::int[]) as d(variant_id, size_id, article, barcode, stock)
      join product_variants v on v.id = d.variant_id
      left join sizes z on z.id = d.size_id
      order by d.variant_id, d.size_id
      on conflict on constraint variant_items_variant_size_key
      do update set article = excluded.article, barcode = excluded.barcode, stock = excluded.stock`.execute(trx);
  }
  await sql`select variant_items_fill(${[productId]}::int[])`.execute(trx);
  await refreshProductSummaries(trx, [productId], false);
  await notifyRestockedProducts(trx, [productId]);
}

/**
 * The product row repeats its variants: price and old price of the cheapest variant in stock (the
 * cheapest overall when none is), `inStock`, and an image. Rows are locked in product id order
 * first, in the same statement. `bumpVersion`: after a stock change by an order, so that an admin
 * form loaded before it cannot write the old stock back.
 */
export async function refreshProductSummaries(trx: Db, productIds: readonly number[], bumpVersion: boolean): Promise<void> {
  const sorted = [...new Set(productIds)].sort((a, b) => a - b);
  if (!sorted.length) return;
  await productSummaryUpdate(sql`${sorted}::int[]`, sql`v.stock`, sql``, bumpVersion).execute(trx);
}

/**
 * The summary's update statement, for `ids` (an int[] expression). `stock` is a variant's stock as
 * the summary should see it and `join` adds to `product_variants v` what that expression needs:
 * an order's stock change passes the new stock returned by its own data-modifying CTE, which the
 * rest of the same statement does not yet see (changeItemStock in services/orders/stock.ts).
 */
export function productSummaryUpdate(ids: RawBuilder<unknown>, stock: RawBuilder<unknown>, join: RawBuilder<unknown>, bumpVersion: boolean): RawBuilder<unknown> {
  return sql`
    update products p set price = s.price, old_price = s.old_price, in_stock = s.in_stock,
      version = p.version + ${bumpVersion ? 1 : 0},
      image = coalesce(s.image, (select v2.images[1] from product_variants v2 where v2.product_id = p.id and cardinality(v2.images) > 0 order by v2.position limit 1))
    from (
      select distinct on (v.product_id) v.product_id, v.price, v.old_price, v.images[1] as image,
        bool_or(${stock} > 0) over (partition by v.product_id) as in_stock
      from product_variants v ${join} where v.product_id = any(${ids})
      order by v.product_id, (${stock} > 0) desc, v.price, v.position
    ) s
    where p.id = s.product_id
      and p.id in (select l.id from products l where l.id = any(${ids}) order by l.id for update)`;
}
