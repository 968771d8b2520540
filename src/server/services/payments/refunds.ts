import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { toKopecks } from '../../../shared/money.js';
import { orderMessages } from '../../../shared/order-messages.js';
import { paymentMessages, type checkoutRefundSchema } from '../../../shared/schemas/payments.js';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { RefundLine } from '../../db/tables/payments.js';
import { inTransaction } from '../../db/transaction.js';
import { ProviderError } from './provider.js';
import { refundReceipt } from './receipt.js';
import { paymentProvider } from './yookassa.js';
import { recordOrderChange } from '../orders/checkout-events.js';

type Services = Pick<Context, 'db' | 'config'>;
type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
type RefundInput = z.output<typeof checkoutRefundSchema>;

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const lineKey = (line: { variantId: number; sizeId: number | null }) => `${line.variantId}:${line.sizeId ?? ''}`;
const rubles = (kopecks: number) => `${(kopecks / 100).toFixed(2).replace('.', ',')} ₽`;

/** A refund to send: written in the caller's transaction, sent to the provider after the commit. */
export async function planRefund(trx: Db, refund: { paymentId: number; amount: number; lines: RefundLine[]; reason: string; createdBy: number | null }): Promise<number> {
  const row = await trx
    .insertInto('refunds')
    .values({ paymentId: refund.paymentId, amount: refund.amount, lines: JSON.stringify(refund.lines), reason: refund.reason, createdBy: refund.createdBy, idempotenceKey: randomUUID() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Per succeeded payment of an order: its amount and what its refunds (not cancelled) took back. */
async function paidAndRefunded(trx: Db, checkoutId: number) {
  return trx
    .selectFrom('payments as p')
    .select((eb) => [
      'p.id',
      'p.amount',
      eb.fn
        .coalesce(eb.selectFrom('refunds as r').select((r) => r.fn.sum<string>('r.amount').as('s')).whereRef('r.paymentId', '=', 'p.id').where('r.status', '<>', 'canceled'), eb.val('0'))
        .as('refunded'),
    ])
    .where('p.checkoutId', '=', checkoutId)
    .where('p.status', '=', 'succeeded')
    .orderBy('p.id')
    .execute()
    .then((rows) => rows.map((row) => ({ id: row.id, amount: Number(row.amount), refunded: Number(row.refunded) })));
}

/** The order's payment status from its payments and refunds: paid, partially refunded or refunded. */
export async function refreshPaymentStatus(trx: Db, checkoutId: number): Promise<void> {
  const payments = await paidAndRefunded(trx, checkoutId);
  const paid = payments.reduce((sum, p) => sum + p.amount, 0);
  const refunded = payments.reduce((sum, p) => sum + p.refunded, 0);
  if (paid === 0) return;
  const status = refunded === 0 ? 'paid' : refunded >= paid ? 'refunded' : 'partially_refunded';
  await trx.updateTable('checkouts').set({ paymentStatus: status }).where('id', '=', checkoutId).execute();
}

/** A refund planned or given up, in the order's history (docs/orders-staff.md). */
async function refundEvent(trx: Db, checkoutId: number, before: string, refund: { amount: number; state: string; lines?: RefundLine[] }, by: number | null): Promise<void> {
  const after = await trx.selectFrom('checkouts').select('paymentStatus').where('id', '=', checkoutId).executeTakeFirstOrThrow();
  await recordOrderChange(trx, checkoutId, 'payment', {
    before: { paymentStatus: before },
    after: { paymentStatus: after.paymentStatus, refund: refund.amount / 100, refundState: refund.state, ...(refund.lines?.length ? { lines: refund.lines.map((line) => ({ name: line.name, quantity: line.quantity })) } : {}) },
    by,
  });
}

const paymentStatusNow = async (trx: Db, checkoutId: number) =>
  (await trx.selectFrom('checkouts').select('paymentStatus').where('id', '=', checkoutId).executeTakeFirstOrThrow()).paymentStatus;

/** Units of each order line already returned (refunds not cancelled). */
async function returnedUnits(trx: Db, checkoutId: number): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.paymentId')
    .select('r.lines')
    .where('p.checkoutId', '=', checkoutId)
    .where('r.status', '<>', 'canceled')
    .execute();
  const units = new Map<string, number>();
  for (const row of rows) for (const line of row.lines) units.set(lineKey(line), (units.get(lineKey(line)) ?? 0) + line.quantity);
  return units;
}

async function orderLines(trx: Db, checkoutId: number) {
  return trx
    .selectFrom('checkoutLines')
    .select(['variantId', 'sizeId', 'productName', 'colorName', 'sizeName', 'quantity', 'unitPrice'])
    .where('checkoutId', '=', checkoutId)
    .orderBy('position')
    .execute();
}

const refundLineName = (line: { productName: string; colorName: string | null; sizeName: string | null }) =>
  [line.productName, line.colorName, line.sizeName ? `размер ${line.sizeName}` : null].filter(Boolean).join(', ');

/**
 * A cancelled order's money (in the cancel's transaction): every succeeded payment's rest is
 * refunded, with the lines not yet returned on its receipt; an order that was never paid online
 * has its payment marked cancelled.
 */
export async function settlePaymentOnCancel(trx: Db, checkoutId: number, changedBy: number | null): Promise<void> {
  const order = await trx.selectFrom('checkouts').select(['paymentMethod', 'paymentStatus']).where('id', '=', checkoutId).executeTakeFirstOrThrow();
  if (order.paymentMethod !== 'online') return;
  const payments = await paidAndRefunded(trx, checkoutId);
  if (!payments.some((p) => p.amount > p.refunded)) {
    if (!payments.length) {
      await trx.updateTable('checkouts').set({ paymentStatus: 'canceled' }).where('id', '=', checkoutId).execute();
      await recordOrderChange(trx, checkoutId, 'payment', { before: { paymentStatus: order.paymentStatus }, after: { paymentStatus: 'canceled' }, by: changedBy });
    }
    return;
  }
  let planned = 0;
  const returned = await returnedUnits(trx, checkoutId);
  const left: RefundLine[] = (await orderLines(trx, checkoutId))
    .map((line) => ({ variantId: line.variantId, sizeId: line.sizeId, name: refundLineName(line), quantity: line.quantity - (returned.get(lineKey(line)) ?? 0), unitPrice: Number(line.unitPrice) }))
    .filter((line) => line.quantity > 0);
  let linesLeft = left;
  for (const payment of payments) {
    const amount = payment.amount - payment.refunded;
    if (amount <= 0) continue;
    const lineSum = linesLeft.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    const lines = lineSum <= amount ? linesLeft : [];
    if (lines.length) linesLeft = [];
    await planRefund(trx, { paymentId: payment.id, amount, lines, reason: 'Отмена заказа', createdBy: changedBy });
    planned += amount;
  }
  await refreshPaymentStatus(trx, checkoutId);
  await refundEvent(trx, checkoutId, order.paymentStatus, { amount: planned, state: 'pending' }, changedBy);
}

/**
 * Sends the order's refunds not yet sent (each with its own Idempotence-Key, so sending again
 * never refunds twice). A provider that does not answer leaves them for the sweeper; one that
 * refuses cancels the refund (logged).
 */
export async function submitRefunds(ctx: Services, checkoutId: number | null, log?: Log): Promise<number> {
  const provider = paymentProvider(ctx.config.payments);
  if (!provider) return 0;
  let query = ctx.db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.paymentId')
    .innerJoin('checkouts as o', 'o.id', 'p.checkoutId')
    .select(['r.id', 'r.amount', 'r.lines', 'r.idempotenceKey', 'p.providerId as paymentProviderId', 'p.checkoutId', 'o.email', 'o.phone'])
    .where('r.providerId', 'is', null)
    .where('r.status', '=', 'pending')
    .where('p.providerId', 'is not', null)
    .orderBy('r.id')
    .limit(50);
  if (checkoutId !== null) query = query.where('p.checkoutId', '=', checkoutId);
  let sent = 0;
  for (const refund of await query.execute()) {
    try {
      const answer = await provider.createRefund({
        paymentId: refund.paymentProviderId ?? '',
        amountKopecks: Number(refund.amount),
        receipt: refundReceipt(refund, refund.lines, Number(refund.amount), ctx.config.payments.vatCode),
        idempotenceKey: refund.idempotenceKey,
      });
      await ctx.db.updateTable('refunds').set({ providerId: answer.providerId, status: answer.status, updatedAt: new Date() }).where('id', '=', refund.id).where('providerId', 'is', null).execute();
      sent += 1;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log?.warn({ err: error, refundId: refund.id }, 'payments: refund not sent');
      if (error.kind === 'refused') {
        await inTransaction(ctx.db, async (trx) => {
          const before = await paymentStatusNow(trx, refund.checkoutId);
          await trx.updateTable('refunds').set({ status: 'canceled', updatedAt: new Date() }).where('id', '=', refund.id).execute();
          await refreshPaymentStatus(trx, refund.checkoutId);
          await refundEvent(trx, refund.checkoutId, before, { amount: Number(refund.amount), state: 'canceled' }, null);
        });
      }
    }
  }
  return sent;
}

/**
 * POST /checkouts/{id}/refunds (Admin): part of a paid order back (a return): returned lines at
 * their order price, or an amount (the delivery). Never more than paid minus refunded (409), nor
 * more units of a line than ordered minus returned (409). Returned goods do not go back into stock
 * by themselves: the admin inspects them and corrects the stock (docs/payments.md).
 */
export async function refundCheckout(ctx: Services, input: RefundInput, adminId: number): Promise<void> {
  const checkoutId = input.checkoutId;
  await inTransaction(ctx.db, async (trx) => {
    const order = await trx.selectFrom('checkouts').select(['status', 'paymentStatus']).where('id', '=', checkoutId).forUpdate().executeTakeFirst();
    if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.checkoutNotFound });
    if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'partially_refunded') throw conflict(order.paymentStatus === 'refunded' ? paymentMessages.refundTooMuch(rubles(0)) : paymentMessages.notPaid);
    if (!['New', 'InDelivery', 'Completed'].includes(order.status)) throw conflict(paymentMessages.refundStatus);
    const payment = (await paidAndRefunded(trx, checkoutId)).find((p) => p.amount > p.refunded);
    if (!payment) throw conflict(paymentMessages.refundTooMuch(rubles(0)));
    let lines: RefundLine[] = [];
    let amount: number;
    if (input.lines?.length) {
      const ordered = await orderLines(trx, checkoutId);
      const returned = await returnedUnits(trx, checkoutId);
      const wanted = new Map<string, number>();
      for (const line of input.lines) {
        const key = lineKey({ variantId: line.variantId, sizeId: line.sizeId ?? null });
        wanted.set(key, (wanted.get(key) ?? 0) + line.quantity);
      }
      for (const [key, quantity] of wanted) {
        const line = ordered.find((candidate) => lineKey(candidate) === key);
        if (!line) throw new TRPCError({ code: 'BAD_REQUEST', message: paymentMessages.refundLineUnknown(Number(key.split(':')[0])) });
        const left = line.quantity - (returned.get(key) ?? 0);
        if (quantity > left) throw conflict(paymentMessages.refundLineTooMany(line.productName, left));
        lines.push({ variantId: line.variantId, sizeId: line.sizeId, name: refundLineName(line), quantity, unitPrice: Number(line.unitPrice) });
      }
      amount = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    } else {
      amount = toKopecks(input.amount ?? 0);
      lines = [];
    }
    const left = payment.amount - payment.refunded;
    if (amount > left) throw conflict(paymentMessages.refundTooMuch(rubles(left)));
    await planRefund(trx, { paymentId: payment.id, amount, lines, reason: input.reason, createdBy: adminId });
    await refreshPaymentStatus(trx, checkoutId);
    await refundEvent(trx, checkoutId, order.paymentStatus, { amount, state: 'pending', lines }, adminId);
  });
  await submitRefunds(ctx, checkoutId);
}
