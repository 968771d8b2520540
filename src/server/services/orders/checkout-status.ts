import { TRPCError } from '@trpc/server';
import { orderMessages } from '../../../shared/order-messages.js';
import { checkoutMoves, checkoutStatusLabels, type Checkout, type CheckoutStatus } from '../../../shared/schemas/orders.js';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { settlePaymentOnCancel, submitRefunds } from '../payments/refunds.js';
import { readCheckout } from './checkout-read.js';
import { queueLetter, sendQueuedLetters, statusChangedLetter } from './letters.js';
import { withStatusUrl } from './one-click.js';
import { returnStock } from './stock.js';
import { recordOrderChange } from './checkout-events.js';
import { orderEventData, recordEvent } from '../webhooks/events.js';

type Services = Pick<Context, 'db' | 'mailer' | 'config' | 'rateLimits' | 'tokens'>;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: orderMessages.checkoutNotFound });

/**
 * Moves an order within the caller's transaction: only the allowed moves (docs/orders.md), else
 * 400 naming both statuses. A cancel gives the stock back and settles the payment (a paid order's
 * refund is planned, payments/refunds.ts); every change is kept in the history (`changedBy` null:
 * the shop itself, e.g. a payment), and its letter to the shopper is queued in the same
 * transaction. The caller sends the letters and the planned refunds after the commit.
 */
export async function moveCheckoutStatus(trx: Db, ctx: Services, id: number, to: CheckoutStatus, changedBy: number | null): Promise<Checkout> {
  const row = await trx.selectFrom('checkouts').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  // Only the payment moves an order out of «Ожидает оплаты» into «Новый».
  const byHand = changedBy !== null && row.status === 'AwaitingPayment' && to === 'New';
  if (!checkoutMoves[row.status].includes(to) || byHand) {
    const message = row.status === to ? orderMessages.sameStatus(checkoutStatusLabels[to]) : orderMessages.statusMove(checkoutStatusLabels[row.status], checkoutStatusLabels[to]);
    throw new TRPCError({ code: 'BAD_REQUEST', message });
  }
  if (to === 'Canceled') {
    await returnStock(trx, id);
    await settlePaymentOnCancel(trx, id, changedBy);
  }
  await trx.updateTable('checkouts').set({ status: to, updatedAt: new Date() }).where('id', '=', id).execute();
  await trx.insertInto('checkoutStatusHistory').values({ checkoutId: id, fromStatus: row.status, toStatus: to, changedBy }).execute();
  await recordOrderChange(trx, id, 'status', { before: { status: row.status }, after: { status: to }, by: changedBy });
  const changed = await readCheckout(trx, id);
  if (!changed) throw notFound();
  await recordEvent(trx, 'order.status_changed', orderEventData(changed, row.status));
  // A guest's letter links to the order's own page (its sealed token), not to /profile.
  await queueLetter(trx, ctx, statusChangedLetter(await withStatusUrl({ ...ctx, db: trx }, changed), row.status, ctx.config.publicUrl));
  return changed;
}

/**
 * PUT /checkouts/{id} (Admin): one move in its own transaction; after the commit the letter goes
 * out and a paid order's refund is sent to the provider.
 */
export async function changeCheckoutStatus(ctx: Services, id: number, to: CheckoutStatus, changedBy: number): Promise<Checkout> {
  const order = await inTransaction(ctx.db, (trx) => moveCheckoutStatus(trx, ctx, id, to, changedBy));
  sendQueuedLetters(ctx.mailer);
  if (to === 'Canceled') await submitRefunds(ctx, id);
  return order;
}

/** DELETE /checkouts/{id} (Admin): an order still open (New, InDelivery) gives its stock back. */
export async function deleteCheckout(ctx: Services, id: number): Promise<{ ok: true }> {
  await inTransaction(ctx.db, async (trx) => {
    const row = await trx.selectFrom('checkouts').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (row.status === 'New' || row.status === 'InDelivery') await returnStock(trx, id);
    await trx.deleteFrom('checkouts').where('id', '=', id).execute();
    await recordEvent(trx, 'order.deleted', { checkoutId: id, status: row.status });
  });
  return { ok: true };
}
