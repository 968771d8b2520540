import type { FastifyBaseLogger } from 'fastify';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { PaymentState } from '../../db/tables/payments.js';
import { reportToDatabase } from '../../db/observers.js';
import { inTransaction } from '../../db/transaction.js';
import { moveCheckoutStatus } from '../orders/checkout-status.js';
import { sendQueuedLetters } from '../orders/letters.js';
import { recordEvent } from '../webhooks/events.js';
import { recordOrderChange } from '../orders/checkout-events.js';
import type { ProviderPayment } from './provider.js';
import { planRefund, refreshPaymentStatus, submitRefunds } from './refunds.js';

type Services = Pick<Context, 'db' | 'mailer' | 'config' | 'rateLimits' | 'tokens'>;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** A payment attempt as the shop keeps it. */
export interface PaymentRow {
  id: number;
  checkoutId: number;
  providerId: string | null;
  status: PaymentState;
  amount: number;
  currency: string;
}

export type Applied = 'paid' | 'canceled' | 'refunding' | 'unchanged' | 'mismatch';

async function paymentEvent(trx: Db, row: PaymentRow, status: PaymentState, paymentStatusBefore: string): Promise<void> {
  const order = await trx.selectFrom('checkouts').select(['status', 'paymentStatus']).where('id', '=', row.checkoutId).executeTakeFirst();
  // The order's history (docs/orders-staff.md): the shop itself (null) changed it.
  await recordOrderChange(trx, row.checkoutId, 'payment', {
    before: { paymentStatus: paymentStatusBefore },
    after: { paymentStatus: order?.paymentStatus ?? null, payment: status, amount: row.amount / 100 },
    by: null,
  });
  await recordEvent(trx, 'payment.state_changed', {
    checkoutId: row.checkoutId,
    paymentId: row.providerId,
    status,
    amount: row.amount / 100,
    currency: row.currency,
    orderStatus: order?.status ?? null,
    paymentStatus: order?.paymentStatus ?? null,
  });
}

/**
 * Acts on what the provider says about a payment (never on a notification's body): the state is
 * written only from `pending`, under the order's row lock, so a repeated or out-of-order report
 * changes nothing. `succeeded` counts only when the amount, currency and metadata.orderId are
 * the attempt's own: the order leaves «Ожидает оплаты» for «Новый» (history by the shop, null);
 * an order cancelled meanwhile (or paid twice) gets this money back. `canceled` cancels an order
 * still waiting, its stock returned once (the cancel path of checkout-status.ts).
 */
export async function applyPayment(ctx: Services, row: PaymentRow, remote: ProviderPayment, log?: Log): Promise<Applied> {
  if (remote.status === 'pending' || remote.status === 'waiting_for_capture') return 'unchanged';
  if (remote.status === 'succeeded' && (remote.amount !== row.amount || remote.currency !== row.currency || remote.orderId !== row.checkoutId)) {
    log?.warn({ paymentId: row.providerId, checkoutId: row.checkoutId, amount: remote.amount, currency: remote.currency, orderId: remote.orderId }, 'payments: a succeeded payment does not match its order; ignored');
    return 'mismatch';
  }
  const outcome = await inTransaction(ctx.db, async (trx): Promise<Applied> => {
    const order = await trx.selectFrom('checkouts').select(['status', 'paymentStatus']).where('id', '=', row.checkoutId).forUpdate().executeTakeFirst();
    if (!order) return 'unchanged';
    const changed = await trx
      .updateTable('payments')
      .set({ status: remote.status, updatedAt: new Date(), ...(remote.status === 'succeeded' ? { paidAt: new Date() } : {}) })
      .where('id', '=', row.id)
      .where('status', 'in', ['pending', 'waiting_for_capture'])
      .returning('id')
      .executeTakeFirst();
    if (!changed) return 'unchanged';
    let applied: Applied;
    if (remote.status === 'succeeded') {
      if (order.status === 'AwaitingPayment') {
        await trx.updateTable('checkouts').set({ paymentStatus: 'paid' }).where('id', '=', row.checkoutId).execute();
        await moveCheckoutStatus(trx, ctx, row.checkoutId, 'New', null);
        applied = 'paid';
      } else {
        // Cancelled before the money came, or a second payment: it goes back in full.
        await planRefund(trx, { paymentId: row.id, amount: row.amount, lines: [], reason: 'Оплата после отмены заказа', createdBy: null });
        await refreshPaymentStatus(trx, row.checkoutId);
        applied = 'refunding';
      }
    } else {
      const others = await trx
        .selectFrom('payments')
        .select('id')
        .where('checkoutId', '=', row.checkoutId)
        .where('id', '<>', row.id)
        .where('status', 'in', ['pending', 'waiting_for_capture', 'succeeded'])
        .executeTakeFirst();
      if (order.status === 'AwaitingPayment' && !others) {
        await moveCheckoutStatus(trx, ctx, row.checkoutId, 'Canceled', null);
        applied = 'canceled';
      } else {
        applied = 'unchanged';
      }
    }
    await paymentEvent(trx, row, remote.status, order.paymentStatus);
    return applied;
  });
  if (outcome === 'paid') reportToDatabase(ctx.db, { type: 'orderPaid' });
  sendQueuedLetters(ctx.mailer);
  if (outcome === 'refunding') await submitRefunds(ctx, row.checkoutId, log);
  return outcome;
}
