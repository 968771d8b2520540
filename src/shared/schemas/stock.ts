import { z } from '../zod.js';
import { flagSchema, idSchema, limitSchema, listOf, listResponse, wholeNumber } from './common.js';
import { productCardSchema, refListSchema } from './catalogue.js';

/**
 * The back office's stock screens (docs/catalogue.md, "Stock in the back office"): the admin
 * product list with its stock filters, the list of items (one size of one colour) and the bulk
 * change of their stock.
 */

/** «Мало на складе»: some item (one size of one colour) has at most this many units. */
export const lowStockLimit = 3;

const stockFilterShape = {
  /** Part of the product's name (case-insensitive). */
  name: z.string().trim().max(200).optional(),
  /** Categories (ids or urls), each with its whole subtree. */
  categories: refListSchema,
  /** Brands (ids or urls). */
  brands: refListSchema,
  /** true: in stock; false: out of stock (an item list: the item's stock; a product list: the product's). */
  inStock: flagSchema.optional(),
  /** true: only where some item has at most `lowStockLimit` (3) units. */
  lowStock: flagSchema.optional(),
  limit: limitSchema(200, 20),
  offset: wholeNumber(0).default(0),
};

/** GET /admin/products: the admin's product list, newest first. */
export const adminProductListSchema = z.object(stockFilterShape);
export type AdminProductListInput = z.input<typeof adminProductListSchema>;
export const adminProductCardSchema = productCardSchema.extend({
  /** The product's smallest item stock (0 when some size is sold out). */
  minItemStock: z.number().int(),
});
export type AdminProductCard = z.infer<typeof adminProductCardSchema>;
export const adminProductListResponseSchema = listResponse(adminProductCardSchema);

/** GET /admin/stock: the items, product by product (newest first), colour and size in order. */
export const stockItemListSchema = z.object({
  ...stockFilterShape,
  /** Items of these products only (ids). */
  products: listOf(idSchema),
});
export type StockItemListInput = z.input<typeof stockItemListSchema>;

export const stockItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  variantId: z.number().int(),
  colorName: z.string().nullable(),
  sizeId: z.number().int().nullable(),
  sizeName: z.string().nullable(),
  article: z.string(),
  barcode: z.string().nullable(),
  stock: z.number().int(),
});
export type StockItem = z.infer<typeof stockItemSchema>;
export const stockItemListResponseSchema = listResponse(stockItemSchema);

/** POST /admin/stock: one number set as, or added to, the stock of each chosen item, all or nothing. */
export const stockChangeSchema = z.object({
  itemIds: z.array(z.number().int().positive()).min(1, 'Выберите хотя бы одну позицию').max(500, 'Не больше 500 позиций за раз'),
  /** set: the stock becomes `quantity`; add: `quantity` (may be negative) is added. */
  mode: z.enum(['set', 'add']),
  quantity: z.number({ error: 'Укажите количество числом' }).int('Количество — целое число').min(-1_000_000).max(1_000_000),
});
export type StockChangeInput = z.input<typeof stockChangeSchema>;
export const stockChangeResponseSchema = z.object({
  /** The changed items as they are now. */
  items: z.array(stockItemSchema),
});
