import { TRPCError } from '@trpc/server';
import { paymentMessages, type CheckoutPayment } from '../../../shared/schemas/payments.js';
import type { Context } from '../../context.js';
import { hashOpaqueToken } from '../accounts/tokens.js';
import { startPayment } from './start.js';

type Services = Pick<Context, 'db' | 'mailer' | 'config' | 'rateLimits' | 'tokens' | 'user'>;

/**
 * POST /checkouts/{id}/pay: the shopper asks again for the payment of an order waiting for it (the
 * provider did not answer at the checkout, or the page was closed). The order's owner signed in,
 * or whoever holds the order's payToken (an order without an account); anyone else 403, whether
 * the order exists or not. The same attempt's Idempotence-Key is used again: never a second
 * payment. The provider still not answering: 503.
 */
export async function payCheckout(ctx: Services, checkoutId: number, payToken: string | undefined): Promise<{ checkoutId: number; payment: CheckoutPayment }> {
  const order = await ctx.db.selectFrom('checkouts').select(['userId', 'status', 'payTokenHash']).where('id', '=', checkoutId).executeTakeFirst();
  const owner = order && ctx.user !== null && (order.userId === ctx.user.id || ctx.user.role === 'Admin');
  const holder = order && order.payTokenHash !== null && payToken !== undefined && hashOpaqueToken(payToken) === order.payTokenHash;
  if (!order || !(owner || holder)) throw new TRPCError({ code: 'FORBIDDEN', message: paymentMessages.payForbidden });
  if (order.status !== 'AwaitingPayment') throw new TRPCError({ code: 'CONFLICT', message: paymentMessages.notAwaiting });
  const payment = await startPayment(ctx, checkoutId);
  if (payment.status === 'unavailable') throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: payment.message ?? paymentMessages.providerUnavailable });
  if (payment.status === 'canceled') throw new TRPCError({ code: 'CONFLICT', message: paymentMessages.notAwaiting });
  return { checkoutId, payment };
}
