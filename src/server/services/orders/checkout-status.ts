import { TRPCError } from '@trpc/server';
import { orderMessages } from '../../../shared/order-messages.js';
import { checkoutMoves, checkoutStatusLabels, type Checkout, type CheckoutStatus } from '../../../shared/schemas/orders.js';
import type { Context } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { readCheckout } from './checkout-read.js';
import { queueLetter, sendQueuedLetters, statusChangedLetter } from './letters.js';
import { withStatusUrl } from './one-click.js';
import { returnStock } from './stock.js';
import { orderEventData, recordEvent } from '../webhooks/events.js';

type Services = Pick<Context, 'db' | 'mailer' | 'config' | 'rateLimits' | 'tokens'>;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: orderMessages.checkoutNotFound });

/**
 * PUT /checkouts/{id} (Admin): only the allowed moves (docs/orders.md), else 400 naming both statuses. A cancel
 * gives the stock back in the same transaction; every change is kept in the history, and its
 * letter to the shopper is queued in the same transaction and sent after the commit.
 */
export async function changeCheckoutStatus(ctx: Services, id: number, to: CheckoutStatus, changedBy: number): Promise<Checkout> {
  const order = await inTransaction(ctx.db, async (trx) => {
    const row = await trx.selectFrom('checkouts').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (!checkoutMoves[row.status].includes(to)) {
      const message = row.status === to ? orderMessages.sameStatus(checkoutStatusLabels[to]) : orderMessages.statusMove(checkoutStatusLabels[row.status], checkoutStatusLabels[to]);
      throw new TRPCError({ code: 'BAD_REQUEST', message });
    }
    if (to === 'Canceled') await returnStock(trx, id);
    await trx.updateTable('checkouts').set({ status: to, updatedAt: new Date() }).where('id', '=', id).execute();
    await trx.insertInto('checkoutStatusHistory').values({ checkoutId: id, fromStatus: row.status, toStatus: to, changedBy }).execute();
    const changed = await readCheckout(trx, id);
    if (!changed) throw notFound();
    await recordEvent(trx, 'order.status_changed', orderEventData(changed, row.status));
    // A guest's letter links to the order's own page (its sealed token), not to /profile.
    await queueLetter(trx, ctx, statusChangedLetter(await withStatusUrl({ ...ctx, db: trx }, changed), row.status, ctx.config.publicUrl));
    return changed;
  });
  sendQueuedLetters(ctx.mailer);
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
