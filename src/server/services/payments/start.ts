import { randomBytes, randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { orderMessages } from '../../../shared/order-messages.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import { paymentMessages, type CheckoutPayment, type PaymentMethod } from '../../../shared/schemas/payments.js';
import type { Config, PaymentSettings } from '../../config.js';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { CheckoutStatus } from '../../db/tables/orders.js';
import { hashOpaqueToken } from '../accounts/tokens.js';
import { readCheckout } from '../orders/checkout-read.js';
import { ProviderError } from './provider.js';
import { orderReceipt } from './receipt.js';
import { readSetting } from '../platform/settings.js';
import { paymentProvider } from './yookassa.js';

type Services = Pick<Context, 'db' | 'mailer' | 'config' | 'rateLimits'>;

/**
 * Refuses an online order when the shop has no provider or the Admin turned online payment off
 * (400 «Оплата онлайн недоступна»).
 */
export async function assertPaymentMethod(db: Db, settings: PaymentSettings, method: PaymentMethod | undefined): Promise<void> {
  if (method !== 'online') return;
  if (!settings.yookassa || !(await readSetting(db, 'onlinePayment'))) throw new TRPCError({ code: 'BAD_REQUEST', message: paymentMessages.onlineUnavailable });
}

/**
 * How a new order is written: on delivery as today (New); online in «Ожидает оплаты» until
 * `pay_by` (now + PAYMENT_TIMEOUT_MINUTES, the database's clock). `answer` is the API's view.
 */
export function orderPayment(settings: PaymentSettings, method: PaymentMethod | undefined) {
  const online = method === 'online';
  const payBy = online ? new Date(Date.now() + settings.timeoutMinutes * 60_000) : null;
  const status: CheckoutStatus = online ? 'AwaitingPayment' : 'New';
  return {
    status,
    columns: { status, paymentMethod: online ? ('online' as const) : ('on_delivery' as const), paymentStatus: online ? ('pending' as const) : ('none' as const), payBy },
    answer: { paymentMethod: online ? ('online' as const) : ('onDelivery' as const), paymentStatus: online ? ('pending' as const) : ('none' as const), payBy },
  };
}

/**
 * In the order's transaction: the payment attempt with its Idempotence-Key (the provider is asked
 * after the commit, startPayment), and for an order without an account the token `pay` takes.
 */
export async function openPayment(trx: Db, config: Config, order: Checkout): Promise<string | undefined> {
  if (order.paymentMethod !== 'online') return undefined;
  const { amount } = orderReceipt(order, config.payments.vatCode);
  await trx.insertInto('payments').values({ checkoutId: order.id, provider: 'yookassa', amount, idempotenceKey: randomUUID() }).execute();
  if (order.userId !== null) return undefined;
  const payToken = randomBytes(32).toString('base64url');
  await trx.updateTable('checkouts').set({ payTokenHash: hashOpaqueToken(payToken) }).where('id', '=', order.id).execute();
  return payToken;
}

const unavailable = (message: string): CheckoutPayment => ({ status: 'unavailable', confirmationUrl: null, message });

/**
 * Asks the provider for the order's payment (after the order's commit, and again on `pay`): the
 * latest attempt, created with its own Idempotence-Key, so a creation that timed out and is asked
 * again answers the same payment. A pending payment already created is answered as it is. A
 * provider that does not answer leaves the order waiting: `unavailable` with a message.
 */
export async function startPayment(ctx: Services, checkoutId: number): Promise<CheckoutPayment> {
  const provider = paymentProvider(ctx.config.payments);
  const attempt = await ctx.db.selectFrom('payments').selectAll().where('checkoutId', '=', checkoutId).orderBy('id', 'desc').executeTakeFirst();
  const order = await readCheckout(ctx.db, checkoutId);
  if (!order || !attempt) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.checkoutNotFound });
  if (attempt.providerId !== null || order.status !== 'AwaitingPayment') {
    return { status: attempt.status, confirmationUrl: attempt.status === 'pending' ? attempt.confirmationUrl : null, message: null };
  }
  if (!provider) return unavailable(paymentMessages.onlineUnavailable);
  const { receipt } = orderReceipt(order, ctx.config.payments.vatCode);
  try {
    const created = await provider.createPayment({
      orderId: order.id,
      amountKopecks: attempt.amount,
      description: `Заказ № ${order.id}`,
      returnUrl: `${ctx.config.publicUrl}/checkout/success/${order.id}`,
      receipt,
      idempotenceKey: attempt.idempotenceKey,
    });
    await ctx.db
      .updateTable('payments')
      .set({ providerId: created.providerId, confirmationUrl: created.confirmationUrl, updatedAt: new Date() })
      .where('id', '=', attempt.id)
      .where('providerId', 'is', null)
      .execute();
    // A payment already settled (never so with a redirect) is applied by its notification or the sweeper.
    return { status: created.status, confirmationUrl: created.status === 'pending' ? created.confirmationUrl : null, message: null };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return unavailable(error.kind === 'refused' ? paymentMessages.providerRefused : error.kind === 'auth' ? paymentMessages.onlineUnavailable : paymentMessages.providerUnavailable);
  }
}

/** The order as placed, with its payment: an online order's payment is created now. */
export async function withPayment(ctx: Services, order: Checkout, payToken?: string): Promise<Checkout> {
  if (order.paymentMethod !== 'online') return order;
  const payment = await startPayment(ctx, order.id);
  return { ...order, payment: payToken ? { ...payment, payToken } : payment };
}
