import { TRPCError } from '@trpc/server';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { toRubles } from '../../../shared/money.js';
import {
  lowStockLimit,
  type adminProductListSchema,
  type AdminProductCard,
  type stockChangeSchema,
  type stockItemListSchema,
  type StockItem,
} from '../../../shared/schemas/stock.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { inTransaction } from '../../db/transaction.js';
import { notifyRestocked } from '../stock-alerts/notify.js';
import { recordStockChanges } from '../webhooks/events.js';
import { refreshProductSummaries } from './items.js';
import { productBrandsJson } from './product-read.js';
import { categorySubtreeIds, refIds } from './refs.js';

/**
 * The back office's stock (docs/catalogue.md, "Stock in the back office"): the admin product list
 * with stock filters, the items (one size of one colour) with theirs, and a bulk change of the
 * items' stock that keeps every variant's stock (the sum) and the product rows in step, in one
 * transaction, and tells webhooks and back-in-stock alerts as an order does.
 */

type ProductFilters = z.output<typeof adminProductListSchema>;
type ItemFilters = z.output<typeof stockItemListSchema>;

const lowItem = sql<SqlBool>`exists (select 1 from variant_items li join product_variants lv on lv.id = li.variant_id
  where lv.product_id = p.id and li.stock <= ${lowStockLimit})`;

/** The product conditions both lists share (the product is `p`). */
function productConditions(filters: ProductFilters): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filters.name) conditions.push(sql<SqlBool>`p.name ilike ${containsPattern(filters.name)}`);
  if (filters.categories?.length) {
    conditions.push(sql<SqlBool>`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id in ${categorySubtreeIds(filters.categories)})`);
  }
  if (filters.brands?.length) {
    conditions.push(sql<SqlBool>`exists (select 1 from product_brands pb where pb.product_id = p.id and pb.brand_id in ${refIds('brands', filters.brands)})`);
  }
  return conditions;
}

const all = (conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`;

/** GET /admin/products: newest first; `inStock` is the product's, `lowStock` some item's. */
export async function listAdminProducts(db: Db, filters: ProductFilters): Promise<{ rows: AdminProductCard[]; length: number }> {
  const conditions = productConditions(filters);
  if (filters.inStock !== undefined) conditions.push(sql<SqlBool>`p.in_stock = ${filters.inStock}`);
  if (filters.lowStock !== undefined) conditions.push(filters.lowStock ? lowItem : sql<SqlBool>`not ${lowItem}`);
  const where = all(conditions);
  const [rows, total] = await Promise.all([
    db
      .selectFrom('products as p')
      .select((eb) => [
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
        jsonArrayFrom(
          eb
            .selectFrom('colors as c')
            .select(['c.id', 'c.name', 'c.url', 'c.code'])
            .where(sql<SqlBool>`c.id in (select v.color_id from product_variants v where v.product_id = p.id)`)
            .orderBy('c.id'),
        ).as('colors'),
        productBrandsJson(db).as('brands'),
        sql<number>`coalesce((select min(i.stock) from variant_items i join product_variants v on v.id = i.variant_id where v.product_id = p.id), 0)::int`.as('minItemStock'),
      ])
      .where(where)
      .orderBy('p.id', 'desc')
      .limit(filters.limit)
      .offset(filters.offset)
      .execute(),
    db.selectFrom('products as p').select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, price: toRubles(row.price), oldPrice: row.oldPrice === null ? null : toRubles(row.oldPrice) })),
    length: Number(total.n),
  };
}

/** The items with their product, colour and size, as the stock screen lists them. */
function itemsQuery(db: Db) {
  return db
    .selectFrom('variantItems as i')
    .innerJoin('productVariants as v', 'v.id', 'i.variantId')
    .innerJoin('products as p', 'p.id', 'v.productId')
    .leftJoin('colors as c', 'c.id', 'v.colorId')
    .leftJoin('sizes as z', 'z.id', 'i.sizeId');
}

const itemColumns = ['i.id', 'p.id as productId', 'p.name as productName', 'v.id as variantId', 'c.name as colorName', 'i.sizeId', 'z.name as sizeName', 'i.article', 'i.barcode', 'i.stock'] as const;

/** GET /admin/stock: the items, newest product first, then colour and size in the product's order. */
export async function listStockItems(db: Db, filters: ItemFilters): Promise<{ rows: StockItem[]; length: number }> {
  const conditions = productConditions(filters);
  if (filters.inStock !== undefined) conditions.push(filters.inStock ? sql<SqlBool>`i.stock > 0` : sql<SqlBool>`i.stock = 0`);
  if (filters.lowStock !== undefined) conditions.push(filters.lowStock ? sql<SqlBool>`i.stock <= ${lowStockLimit}` : sql<SqlBool>`i.stock > ${lowStockLimit}`);
  if (filters.products?.length) conditions.push(sql<SqlBool>`p.id = any(${filters.products}::int[])`);
  const where = all(conditions);
  const [rows, total] = await Promise.all([
    itemsQuery(db)
      .select(itemColumns)
      .where(where)
      .orderBy('p.id', 'desc')
      .orderBy('v.position')
      .orderBy('v.id')
      .orderBy('i.sizeId')
      .limit(filters.limit)
      .offset(filters.offset)
      .execute(),
    itemsQuery(db).select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirstOrThrow(),
  ]);
  return { rows, length: Number(total.n) };
}

const describe = (item: StockItem): string =>
  [item.productName, item.colorName, item.sizeName === null ? null : `размер ${item.sizeName}`].filter((part) => part !== null).join(', ') + ` (${item.article})`;

/**
 * POST /admin/stock: sets or adds one number to each chosen item, all or nothing. A result below
 * zero refuses the whole change (400, naming the items) and changes nothing. Variants are locked
 * before their items, in id order, as orders lock them, so a bulk change and an order never wait
 * on each other in a circle.
 */
export async function changeStock(db: Db, input: z.output<typeof stockChangeSchema>): Promise<{ items: StockItem[] }> {
  const ids = [...new Set(input.itemIds)].sort((a, b) => a - b);
  return inTransaction(db, async (trx) => {
    const owners = await trx.selectFrom('variantItems').select('variantId').where('id', 'in', ids).execute();
    const variantIds = [...new Set(owners.map((row) => row.variantId))].sort((a, b) => a - b);
    if (variantIds.length) await sql`select id from product_variants where id = any(${variantIds}::int[]) order by id for update`.execute(trx);
    const items = await itemsQuery(trx).select(itemColumns).where('i.id', 'in', ids).orderBy('i.id').forUpdate('i').execute();
    const found = new Set(items.map((item) => item.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new TRPCError({ code: 'NOT_FOUND', message: `Позиции не найдены: №${missing.join(', №')}` });
    const next = (item: StockItem) => (input.mode === 'set' ? input.quantity : item.stock + input.quantity);
    const negative = items.filter((item) => next(item) < 0);
    if (negative.length) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `Остаток не может стать отрицательным, ничего не изменено: ${negative.map((item) => `${describe(item)} — в наличии ${item.stock}`).join('; ')}`,
      });
    }
    if (input.quantity === 0 && input.mode === 'add') return { items };
    await sql`
      update variant_items i set stock = d.stock
      from unnest(${items.map((item) => item.id)}::int[], ${items.map(next)}::int[]) as d(id, stock)
      where i.id = d.id`.execute(trx);
    const { rows: changed } = await sql<{ id: number; productId: number; stock: number }>`
      update product_variants v set stock = (select coalesce(sum(i.stock), 0) from variant_items i where i.variant_id = v.id)
      where v.id = any(${variantIds}::int[])
      returning v.id, v.product_id as "productId", v.stock`.execute(trx);
    await recordStockChanges(trx, changed);
    await refreshProductSummaries(trx, changed.map((row) => row.productId), true);
    // Back-in-stock alerts of the items that gained stock are sent in this transaction.
    await notifyRestocked(trx, items.filter((item) => next(item) > item.stock).map((item) => item.id));
    return { items: items.map((item) => ({ ...item, stock: next(item) })) };
  });
}
