import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { orderMessages } from '../../../shared/order-messages.js';
import type { Db } from '../../db/connection.js';

/** An item as the services use it: a variant, its size (or null), a quantity. */
export interface Item {
  variantId: number;
  sizeId: number | null;
  quantity: number;
}

/** An item as a client sends it (the size may be left out). */
export interface ItemInput {
  variantId: number;
  sizeId?: number | null | undefined;
  quantity: number;
}

/** Same variant and size add up; the first occurrence keeps its place. */
export function mergeItems(items: readonly ItemInput[]): Item[] {
  const merged = new Map<string, Item>();
  for (const item of items) {
    const sizeId = item.sizeId ?? null;
    const key = `${item.variantId}:${sizeId ?? 0}`;
    const known = merged.get(key);
    if (known) known.quantity += item.quantity;
    else merged.set(key, { variantId: item.variantId, sizeId, quantity: item.quantity });
  }
  return [...merged.values()];
}

/** Refuses (400) a line of more units than a line may hold (MAX_UNITS_PER_LINE). */
export function limitUnitsPerLine(items: readonly Item[], limit: number): void {
  if (items.some((item) => item.quantity > limit)) throw new TRPCError({ code: 'BAD_REQUEST', message: orderMessages.tooManyUnitsPerLine(limit) });
}

export const itemKey = (item: { variantId: number; sizeId: number | null }) => `${item.variantId}:${item.sizeId ?? 0}`;

/** «Куртка «Север», синий, размер 48» — how a refusal names an item. */
export function describeItem(item: { name: string; colorName?: string | null; sizeName?: string | null; article?: string | null }): string {
  return [item.name, item.colorName, item.sizeName ? `размер ${item.sizeName}` : null].filter(Boolean).join(', ');
}

/** Variants (`v`) with their products (`p`) and colours (`c`; a variant may have none). */
export function variantsWithProducts(db: Db) {
  return db.selectFrom('productVariants as v').innerJoin('products as p', 'p.id', 'v.productId').leftJoin('colors as c', 'c.id', 'v.colorId');
}

interface VariantFacts {
  id: number;
  productName: string;
  colorName: string | null;
  sizes: number[];
}

/**
 * Refuses (400) items whose variant does not exist, or whose size is missing or not the
 * product's. `tolerated` are items already in the basket: a line whose variant has gone since may
 * be sent back unchanged (it stays, marked as gone).
 */
export async function checkItems(db: Db, items: readonly Item[], tolerated: ReadonlySet<string> = new Set()): Promise<void> {
  if (!items.length) return;
  const ids = [...new Set(items.map((item) => item.variantId))];
  const rows = await variantsWithProducts(db)
    .select([
      'v.id',
      'p.name as productName',
      'c.name as colorName',
      sql<number[]>`array(select ps.size_id from product_sizes ps where ps.product_id = p.id)`.as('sizes'),
    ])
    .where('v.id', 'in', ids)
    .execute();
  const facts = new Map<number, VariantFacts>(rows.map((row) => [row.id, row]));
  for (const item of items) {
    const variant = facts.get(item.variantId);
    if (!variant) {
      if (tolerated.has(itemKey(item))) continue;
      throw new TRPCError({ code: 'BAD_REQUEST', message: `${orderMessages.unknownVariant}${item.variantId}` });
    }
    const name = describeItem({ name: variant.productName, colorName: variant.colorName });
    if (variant.sizes.length) {
      if (item.sizeId === null) throw new TRPCError({ code: 'BAD_REQUEST', message: `${orderMessages.sizeRequired}${name}` });
      if (!variant.sizes.includes(item.sizeId)) {
        if (tolerated.has(itemKey(item))) continue;
        throw new TRPCError({ code: 'BAD_REQUEST', message: `${orderMessages.sizeNotOffered}${name}` });
      }
    } else if (item.sizeId !== null && !tolerated.has(itemKey(item))) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `${orderMessages.noSizes}${name}` });
    }
  }
}
