import { TRPCError } from '@trpc/server';
import { toRubles } from '../../../shared/money.js';
import { orderMessages } from '../../../shared/order-messages.js';
import type { CheckoutPayments } from '../../../shared/schemas/payments.js';
import type { Db } from '../../db/connection.js';
import { paymentMethodOf, paymentStatusOf } from './names.js';

/** GET /checkouts/{id}/payments (Admin): the order's payment attempts and refunds, oldest first. */
export async function checkoutPayments(db: Db, checkoutId: number): Promise<CheckoutPayments> {
  const order = await db.selectFrom('checkouts').select(['id', 'paymentMethod', 'paymentStatus', 'payBy']).where('id', '=', checkoutId).executeTakeFirst();
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.checkoutNotFound });
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'provider', 'providerId', 'status', 'amount', 'currency', 'createdAt', 'paidAt'])
    .where('checkoutId', '=', checkoutId)
    .orderBy('id')
    .execute();
  const refunds = payments.length
    ? await db
        .selectFrom('refunds')
        .select(['id', 'paymentId', 'providerId', 'status', 'amount', 'lines', 'reason', 'createdAt'])
        .where('paymentId', 'in', payments.map((p) => p.id))
        .orderBy('id')
        .execute()
    : [];
  const paid = payments.filter((p) => p.status === 'succeeded').reduce((sum, p) => sum + Number(p.amount), 0);
  const refunded = refunds.filter((r) => r.status !== 'canceled').reduce((sum, r) => sum + Number(r.amount), 0);
  return {
    checkoutId: order.id,
    paymentMethod: paymentMethodOf(order.paymentMethod),
    paymentStatus: paymentStatusOf(order.paymentStatus),
    payBy: order.payBy,
    paid: toRubles(paid),
    refunded: toRubles(refunded),
    payments: payments.map((p) => ({ ...p, amount: toRubles(Number(p.amount)) })),
    refunds: refunds.map((r) => ({
      ...r,
      amount: toRubles(Number(r.amount)),
      lines: r.lines.map((line) => ({ variantId: line.variantId, sizeId: line.sizeId, name: line.name, quantity: line.quantity, price: toRubles(line.unitPrice) })),
    })),
  };
}
