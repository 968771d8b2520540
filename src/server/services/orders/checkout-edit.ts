import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { domainMessages } from '../../../shared/errors.js';
import { orderMessages } from '../../../shared/order-messages.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import type { checkoutAddressEditSchema, checkoutLinesEditSchema } from '../../../shared/schemas/orders-staff.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { addressFields, addressSummary, linesSummary, recordOrderChange } from './checkout-events.js';
import { readCheckout } from './checkout-read.js';
import { phoneDigits } from './guest-limits.js';
import { mergeItems } from './items.js';
import { adjustOrderStock } from './stock-adjust.js';

type LinesInput = z.output<typeof checkoutLinesEditSchema>;
type AddressInput = z.output<typeof checkoutAddressEditSchema>;

export const editMessages = {
  onlyNew: 'Изменить состав, адрес и контакты можно только у нового заказа (в статусе «Новый»).',
  paidOnline: 'Заказ оплачен онлайн: его состав, адрес и контакты изменить нельзя. Отмените заказ (деньги вернутся покупателю) и оформите новый.',
} as const;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: orderMessages.checkoutNotFound });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/**
 * Locks an order the staff may edit (docs/orders-staff.md): it exists (404), is still the version
 * the form loaded when one is sent (409), is New (409) and is paid on delivery (an order paid
 * online: 409, its money and receipt stand).
 */
async function lockEditable(trx: Db, checkoutId: number, version: number | undefined) {
  const row = await trx
    .selectFrom('checkouts')
    .select(['status', 'paymentMethod', 'version', 'deliveryCost', 'itemsAmount', 'totalAmount', 'phoneDigits', ...addressFields])
    .where('id', '=', checkoutId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  if (version !== undefined && row.version !== version) throw conflict(domainMessages.staleVersion);
  if (row.status !== 'New') throw conflict(editMessages.onlyNew);
  if (row.paymentMethod === 'online') throw conflict(editMessages.paidOnline);
  return row;
}

async function answer(trx: Db, checkoutId: number): Promise<Checkout> {
  const order = await readCheckout(trx, checkoutId);
  if (!order) throw notFound();
  return order;
}

/**
 * PUT /checkouts/{id}/lines (Admin): the order's whole new list of lines. Stock is taken or given
 * back (stock-adjust.ts), the goods, units and total (goods + the delivery's cost as recorded) are
 * computed again, and the change is kept in the history — one transaction.
 */
export async function editCheckoutLines(db: Db, input: LinesInput, changedBy: number): Promise<Checkout> {
  return inTransaction(db, async (trx) => {
    const row = await lockEditable(trx, input.checkoutId, input.version);
    const current = await trx
      .selectFrom('checkoutLines')
      .select(['productId', 'variantId', 'sizeId', 'productName', 'productUrl', 'article', 'colorName', 'sizeName', 'image', 'quantity', 'unitPrice'])
      .where('checkoutId', '=', input.checkoutId)
      .orderBy('position')
      .execute();
    const lines = await adjustOrderStock(trx, current, mergeItems(input.lines));
    const itemsAmount = lines.reduce((sum, line) => sum + Number(line.unitPrice) * line.quantity, 0);
    const totalAmount = itemsAmount + Number(row.deliveryCost);
    const totalQuantity = lines.reduce((sum, line) => sum + line.quantity, 0);
    await trx.deleteFrom('checkoutLines').where('checkoutId', '=', input.checkoutId).execute();
    await trx.insertInto('checkoutLines').values(lines.map((line, position) => ({ ...line, checkoutId: input.checkoutId, position }))).execute();
    await trx.updateTable('checkouts').set({ itemsAmount, totalAmount, totalQuantity, updatedAt: new Date() }).where('id', '=', input.checkoutId).execute();
    const goodsBefore = row.itemsAmount === null ? Number(row.totalAmount) - Number(row.deliveryCost) : Number(row.itemsAmount);
    await recordOrderChange(trx, input.checkoutId, 'lines', {
      before: linesSummary(current, { itemsAmount: goodsBefore, totalAmount: Number(row.totalAmount) }),
      after: linesSummary(lines, { itemsAmount, totalAmount }),
      by: changedBy,
    });
    return answer(trx, input.checkoutId);
  });
}

/**
 * PUT /checkouts/{id}/address (Admin): the recipient's name, contacts, address and comment. The
 * delivery's cost stays as recorded (PUT /checkouts/{id}/delivery prices it again). Only the
 * fields that changed go into the history; nothing changed, nothing written.
 */
export async function editCheckoutAddress(db: Db, input: AddressInput, changedBy: number): Promise<Checkout> {
  return inTransaction(db, async (trx) => {
    const row = await lockEditable(trx, input.checkoutId, input.version);
    const changed = addressFields.filter((field) => row[field] !== input[field]);
    if (changed.length) {
      const values = Object.fromEntries(changed.map((field) => [field, input[field]]));
      // A guest order's open-units hold counts by the phone's digits (guest-limits.ts).
      const digits = row.phoneDigits !== null && changed.includes('phone') ? { phoneDigits: phoneDigits(input.phone) } : {};
      await trx
        .updateTable('checkouts')
        .set({ ...values, ...digits, updatedAt: new Date() })
        .where('id', '=', input.checkoutId)
        .execute();
      const pick = (side: Record<(typeof addressFields)[number], string>) => Object.fromEntries(Object.entries(addressSummary(side)).filter(([field]) => (changed as readonly string[]).includes(field)));
      await recordOrderChange(trx, input.checkoutId, 'address', { before: pick(row), after: pick(input), by: changedBy });
    }
    return answer(trx, input.checkoutId);
  });
}
