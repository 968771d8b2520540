import { TRPCError } from '@trpc/server';
import type { CheckoutPaymentState } from '../../../shared/schemas/orders.js';
import { paymentMessages } from '../../../shared/schemas/payments.js';
import type { Context } from '../../context.js';
import { hashOpaqueToken } from '../accounts/tokens.js';
import { paymentMethodOf, paymentStatusOf } from './names.js';

/**
 * GET /checkouts/{id}/payment-state: where an order's money stands, for the page the shopper comes
 * back to from the provider. The same callers as `pay`: the owner signed in (or Admin), or whoever
 * holds the order's payToken (an order without an account); anyone else 403, whether the order
 * exists or not, so that numbers cannot be probed.
 */
export async function checkoutPaymentState(ctx: Pick<Context, 'db' | 'user'>, checkoutId: number, payToken: string | undefined): Promise<CheckoutPaymentState> {
  const order = await ctx.db
    .selectFrom('checkouts')
    .select(['id', 'userId', 'status', 'paymentMethod', 'paymentStatus', 'payBy', 'payTokenHash'])
    .where('id', '=', checkoutId)
    .executeTakeFirst();
  const owner = order && ctx.user !== null && (order.userId === ctx.user.id || ctx.user.role === 'Admin');
  const holder = order && order.payTokenHash !== null && payToken !== undefined && hashOpaqueToken(payToken) === order.payTokenHash;
  if (!order || !(owner || holder)) throw new TRPCError({ code: 'FORBIDDEN', message: paymentMessages.stateForbidden });
  return {
    checkoutId: order.id,
    status: order.status,
    paymentMethod: paymentMethodOf(order.paymentMethod),
    paymentStatus: paymentStatusOf(order.paymentStatus),
    payBy: order.payBy,
  };
}
