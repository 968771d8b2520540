import { TRPCError } from '@trpc/server';
import { orderMessages } from '../../../shared/order-messages.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import type { z } from 'zod';
import type { checkoutOneClickSchema, OrderByLink } from '../../../shared/schemas/one-click.js';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { placeOrder } from './checkout-create.js';
import { readCheckout } from './checkout-read.js';
import { requestKey } from './idempotency.js';
import { orderLinkHash, orderStatusUrl, unsealOrderLink } from './order-links.js';

/**
 * One-click order in one step (docs/orders.md, "One click"): one item, a first name and a phone.
 * It goes through placeOrder like every order (stock under locks, line snapshots, history,
 * webhook event, guest limits for a guest); it has no address and no delivery yet, and waits for
 * the shop's call (`callbackPending`) until the admin marks it confirmed by phone.
 */
type Services = Pick<Context, 'db' | 'mailer' | 'config' | 'rateLimits' | 'ip' | 'tokens' | 'user' | 'idempotencyKey'>;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: orderMessages.checkoutNotFound });

export async function placeOneClickOrder(ctx: Services, input: z.output<typeof checkoutOneClickSchema>): Promise<Checkout> {
  const userId = ctx.user?.id ?? null;
  const order = await placeOrder(ctx, {
    kind: userId === null ? 'direct' : 'user',
    userId,
    placedBy: userId,
    oneClick: { variantId: input.variantId, sizeId: input.sizeId ?? null, quantity: input.quantity },
    oneStep: true,
    firstName: input.firstName,
    phone: input.phone,
    comment: '',
    idempotencyKey: requestKey(ctx.idempotencyKey, input.idempotencyKey),
  });
  return withStatusUrl(ctx, order);
}

/**
 * A repeated submit (same idempotency key) of an order placed without an account answers its
 * status link again: the caller proved the key, as the first answer may have been lost.
 */
export async function withStatusUrl(ctx: Pick<Context, 'db' | 'config' | 'tokens'>, order: Checkout): Promise<Checkout> {
  if (order.userId !== null || order.statusUrl) return order;
  const token = await orderToken(ctx.db, ctx, order.id);
  return token ? { ...order, statusUrl: orderStatusUrl(ctx.config.publicUrl, token) } : order;
}

/** The raw status-link token of an order, unsealed; null when it cannot be. */
export async function orderToken(db: Db, ctx: Pick<Context, 'tokens'>, id: number): Promise<string | null> {
  const row = await db.selectFrom('checkouts').select('accessTokenSealed').where('id', '=', id).executeTakeFirst();
  return unsealOrderLink(ctx.tokens, row?.accessTokenSealed ?? null);
}

/** PUT /checkouts/{id}/call-confirmed (Admin): the shop has called back; the order no longer waits. */
export async function confirmCall(ctx: Pick<Context, 'db'>, id: number): Promise<Checkout> {
  return inTransaction(ctx.db, async (trx) => {
    const row = await trx.selectFrom('checkouts').select(['callbackPending']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (row.callbackPending) await trx.updateTable('checkouts').set({ callbackPending: false, updatedAt: new Date() }).where('id', '=', id).execute();
    const order = await readCheckout(trx, id);
    if (!order) throw notFound();
    return order;
  });
}

/** GET /checkouts/by-link/{token}: the order whose link this is, as its holder may see it; else 404. */
export async function orderByLink(db: Db, token: string): Promise<OrderByLink> {
  const row = await db.selectFrom('checkouts').select('id').where('accessTokenHash', '=', orderLinkHash(token)).executeTakeFirst();
  const order = row ? await readCheckout(db, row.id) : null;
  if (!order) throw notFound();
  return {
    id: order.id,
    status: order.status,
    oneClick: order.oneClick,
    callbackPending: order.callbackPending,
    firstName: order.firstName,
    address: order.address,
    city: order.city,
    country: order.country,
    zipCode: order.zipCode,
    totalAmount: order.totalAmount,
    totalQuantity: order.totalQuantity,
    lines: order.lines,
    history: order.history.map(({ fromStatus, toStatus, createdAt }) => ({ fromStatus, toStatus, createdAt })),
    createdAt: order.createdAt,
  };
}
