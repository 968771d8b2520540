import { TRPCError } from '@trpc/server';
import type { CheckoutBulkResult } from '../../../shared/schemas/orders-staff.js';
import type { CheckoutStatus } from '../../../shared/schemas/orders.js';
import type { Context } from '../../context.js';
import { changeCheckoutStatus } from './checkout-status.js';

type Services = Pick<Context, 'db' | 'mailer' | 'config' | 'rateLimits' | 'tokens'>;

/**
 * POST /checkouts/bulk-status (Admin): each order moved on its own, through the same rules,
 * transaction, letter and refund as PUT /checkouts/{id}; one refused never stops the others. The
 * answer lists every order: moved, or refused with the reason the single call would give.
 */
export async function bulkChangeStatus(ctx: Services, ids: readonly number[], to: CheckoutStatus, changedBy: number): Promise<CheckoutBulkResult> {
  const results: CheckoutBulkResult['results'] = [];
  for (const checkoutId of [...new Set(ids)]) {
    try {
      const order = await changeCheckoutStatus(ctx, checkoutId, to, changedBy);
      results.push({ checkoutId, ok: true, status: order.status, message: null });
    } catch (error) {
      if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') throw error;
      const row = await ctx.db.selectFrom('checkouts').select('status').where('id', '=', checkoutId).executeTakeFirst();
      results.push({ checkoutId, ok: false, status: row?.status ?? null, message: error.message });
    }
  }
  return { results };
}
