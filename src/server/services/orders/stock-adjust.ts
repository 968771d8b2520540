import { TRPCError } from '@trpc/server';
import { orderMessages } from '../../../shared/order-messages.js';
import type { Db } from '../../db/connection.js';
import { describeItem, itemKey, type Item } from './items.js';
import { changeItemStock, lockItems, lockVariants, takeStock, type LineSnapshot } from './stock.js';

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/**
 * An order's lines changed by staff (docs/orders-staff.md), inside the caller's transaction: every
 * variant involved (kept, changed, removed or added) is locked in id order, then its items, as the
 * checkout does, so an edit and an order never wait on each other in a circle. A kept line keeps
 * its snapshot and order price; its extra units are taken (409 when short, naming the item), fewer
 * units or a removed line give theirs back. A new variant and size goes through the checkout's own
 * checks (takeStock: gone, withdrawn, size, stock) and is priced from the catalogue now. Answers
 * the new lines in the order `wanted` lists them.
 */
export async function adjustOrderStock(trx: Db, current: readonly LineSnapshot[], wanted: readonly Item[]): Promise<LineSnapshot[]> {
  const variants = await lockVariants(trx, [...current, ...wanted].map((line) => line.variantId));
  const stocked = await lockItems(trx, [...variants.keys()]);
  const had = new Map(current.map((line) => [itemKey(line), line]));
  const wantedKeys = new Set(wanted.map(itemKey));
  const delta = new Map<number, number>();
  const move = (itemId: number, units: number) => delta.set(itemId, (delta.get(itemId) ?? 0) + units);

  for (const item of wanted) {
    const before = had.get(itemKey(item));
    if (!before) continue;
    const more = item.quantity - before.quantity;
    const stockItem = stocked.get(itemKey(item));
    if (more > 0) {
      const label = describeItem({ name: before.productName, colorName: before.colorName, sizeName: before.sizeName });
      if (!stockItem) throw conflict(`${orderMessages.variantGone}${label}`);
      if (stockItem.stock < more) throw conflict(`${orderMessages.outOfStock}${label} (в наличии ${stockItem.stock})`);
    }
    if (more !== 0 && stockItem) move(stockItem.id, -more);
  }
  for (const line of current) {
    const stockItem = stocked.get(itemKey(line));
    if (!wantedKeys.has(itemKey(line)) && stockItem) move(stockItem.id, line.quantity);
  }
  for (const [id, units] of delta) if (units === 0) delta.delete(id);
  await changeItemStock(trx, delta);

  const added = wanted.filter((item) => !had.has(itemKey(item)));
  // The rows are already locked by this transaction: takeStock locks nothing new.
  const snapshots = new Map((await takeStock(trx, added)).map((line) => [itemKey(line), line]));
  return wanted.map((item) => {
    const before = had.get(itemKey(item));
    const line = before ? { ...before, quantity: item.quantity } : snapshots.get(itemKey(item));
    if (!line) throw conflict(`${orderMessages.variantGone}вариант №${item.variantId}`);
    return line;
  });
}
