import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { orderMessages } from '../../../shared/order-messages.js';
import type { Context } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { clientKey } from '../platform/rate-limit.js';

/**
 * What keeps fake guest orders from holding the stock or mailing strangers (README → Configuration,
 * the guest limits): direct checkouts per IP and per e-mail and hour, the units of one guest order,
 * and the units that not yet shipped guest orders from one network, e-mail or phone hold together.
 */
type Services = Pick<Context, 'rateLimits' | 'config' | 'ip'>;

const tooMany = (message?: string) => new TRPCError({ code: 'TOO_MANY_REQUESTS', ...(message ? { message } : {}) });

/** Counts a direct checkout against its IP's and its e-mail's hour (a one-click guest has none); answers how to give them back. */
export async function admitGuestOrder(ctx: Services, email: string | null): Promise<() => Promise<void>> {
  if (!(await ctx.rateLimits.consumeHourly('guestOrderPerIp', ctx.ip))) throw tooMany();
  if (email === null) return () => ctx.rateLimits.refundHourly('guestOrderPerIp', ctx.ip);
  if (!(await ctx.rateLimits.consumeHourly('guestOrderPerEmail', email))) {
    await ctx.rateLimits.refundHourly('guestOrderPerIp', ctx.ip);
    throw tooMany(orderMessages.tooManyOrdersForEmail);
  }
  return async () => {
    await ctx.rateLimits.refundHourly('guestOrderPerIp', ctx.ip);
    await ctx.rateLimits.refundHourly('guestOrderPerEmail', email);
  };
}

export const networkOf = (ip: string): string => clientKey(ip);

/** A phone as the hold compares it: its digits. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/**
 * Inside the order's transaction: refuses a guest order of more units than one may hold, or one
 * that would make the open guest orders of this network, e-mail or phone hold more than their
 * share. Orders from one network are counted one at a time: `guest_units_held` (migration 0017)
 * takes a transaction-level advisory lock on the network, then sums, in one round trip.
 */
export async function limitGuestUnits(trx: Db, ctx: Services, order: { units: number; email: string | null; phone: string }): Promise<void> {
  const limits = ctx.config.guestLimits;
  if (order.units > limits.unitsPerGuestOrder) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: orderMessages.tooManyUnitsPerGuestOrder(limits.unitsPerGuestOrder) });
  }
  const { rows } = await sql<{ held: number }>`select guest_units_held(${networkOf(ctx.ip)}, ${order.email}, ${phoneDigits(order.phone)}) as held`.execute(trx);
  if (Number(rows[0]?.held ?? 0) + order.units > limits.openGuestUnits) throw tooMany(orderMessages.tooManyOpenGuestUnits);
}
