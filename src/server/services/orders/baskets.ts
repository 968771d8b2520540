import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import { toKopecks, toRubles } from '../../../shared/money.js';
import { orderMessages } from '../../../shared/order-messages.js';
import type { Basket, BasketSummary, basketListSchema } from '../../../shared/schemas/orders.js';
import type { AuthUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { BasketStatus } from '../../db/tables/orders.js';
import { inTransaction } from '../../db/transaction.js';
import { orderableTotal, pricedLinesSql, readBasket, type PricedLine } from './basket-read.js';
import { checkItems, itemKey, limitUnitsPerLine, mergeItems, type Item, type ItemInput } from './items.js';

interface BasketHead {
  id: string;
  userId: number | null;
  status: BasketStatus;
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: orderMessages.basketNotFound });

/** A user's basket is theirs (and staff may read it); an anonymous one is whoever holds its UUID. */
function mayRead(basket: BasketHead, caller: AuthUser | null): boolean {
  return basket.userId === null || basket.userId === caller?.id || caller?.role === 'Admin';
}

function mayChange(basket: BasketHead, caller: AuthUser | null): boolean {
  return basket.userId === null || basket.userId === caller?.id;
}

async function mustRead(db: Db, basketId: string): Promise<Basket> {
  const basket = await readBasket(db, basketId);
  if (!basket) throw notFound();
  return basket;
}

export async function getBasket(db: Db, basketId: string, caller: AuthUser | null): Promise<Basket> {
  const basket = await mustRead(db, basketId);
  if (!mayRead(basket, caller)) throw new TRPCError({ code: 'FORBIDDEN' });
  return basket;
}

/** The basket row locked for a change, after the owner and status checks. */
async function lockForChange(trx: Db, basketId: string, caller: AuthUser | null): Promise<BasketHead> {
  const basket = await trx.selectFrom('baskets').select(['id', 'userId', 'status']).where('id', '=', basketId).forUpdate().executeTakeFirst();
  if (!basket) throw notFound();
  if (!mayChange(basket, caller)) throw new TRPCError({ code: 'FORBIDDEN' });
  if (basket.status === 'Ordered') throw new TRPCError({ code: 'CONFLICT', message: orderMessages.basketOrdered });
  return basket;
}

async function writeLines(trx: Db, basketId: string, items: ReadonlyArray<{ variantId: number; sizeId: number | null; quantity: number }>): Promise<void> {
  await trx.deleteFrom('basketLines').where('basketId', '=', basketId).execute();
  if (items.length) {
    await trx
      .insertInto('basketLines')
      .values(items.map((item, position) => ({ basketId, variantId: item.variantId, sizeId: item.sizeId, quantity: item.quantity, position })))
      .execute();
  }
}

/** Stores the server-computed total (for the admin list) and the time of the change. */
export async function touchBasket(trx: Db, basketId: string): Promise<void> {
  const { rows } = await sql<PricedLine>`${pricedLinesSql(basketId)}`.execute(trx);
  await trx.updateTable('baskets').set({ totalAmount: orderableTotal(rows), updatedAt: new Date() }).where('id', '=', basketId).execute();
}

export async function createBasket(db: Db, items: readonly ItemInput[], caller: AuthUser | null, unitsPerLine: number): Promise<Basket> {
  const merged = mergeItems(items);
  limitUnitsPerLine(merged, unitsPerLine);
  await checkItems(db, merged);
  const id = await inTransaction(db, async (trx) => {
    if (caller) {
      // A signed-in shopper has one active basket: asking for a new one answers it.
      const own = await trx.selectFrom('baskets').select('id').where('userId', '=', caller.id).where('status', '=', 'Active').executeTakeFirst();
      if (own) return own.id;
    }
    // Two tabs creating the user's basket at once: the second finds the first's.
    const row = await trx
      .insertInto('baskets')
      .values({ userId: caller?.id ?? null })
      .onConflict((oc) => oc.column('userId').where('status', '=', 'Active').where('userId', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) {
      const own = await trx.selectFrom('baskets').select('id').where('userId', '=', caller?.id ?? 0).where('status', '=', 'Active').executeTakeFirstOrThrow();
      return own.id;
    }
    if (merged.length) {
      await writeLines(trx, row.id, merged);
      await touchBasket(trx, row.id);
    }
    return row.id;
  });
  return mustRead(db, id);
}

export function updateBasket(db: Db, basketId: string, items: readonly ItemInput[], caller: AuthUser | null, unitsPerLine: number): Promise<Basket> {
  const merged = mergeItems(items);
  limitUnitsPerLine(merged, unitsPerLine);
  return replaceLines(db, basketId, merged, caller);
}

async function replaceLines(db: Db, basketId: string, items: readonly Item[], caller: AuthUser | null): Promise<Basket> {
  await inTransaction(db, async (trx) => {
    await lockForChange(trx, basketId, caller);
    const current = await trx.selectFrom('basketLines').select(['variantId', 'sizeId']).where('basketId', '=', basketId).execute();
    await checkItems(trx, items, new Set(current.map(itemKey)));
    await writeLines(trx, basketId, items);
    await touchBasket(trx, basketId);
  });
  return mustRead(db, basketId);
}

/** GET /baskets/clear/{id}: the same basket with no lines. */
export function clearBasket(db: Db, basketId: string, caller: AuthUser | null): Promise<Basket> {
  return replaceLines(db, basketId, [], caller);
}

export async function deleteBasket(db: Db, basketId: string, caller: AuthUser | null): Promise<{ ok: true }> {
  await inTransaction(db, async (trx) => {
    await lockForChange(trx, basketId, caller);
    await trx.deleteFrom('baskets').where('id', '=', basketId).execute();
  });
  return { ok: true };
}

/**
 * After sign-in (README → Decisions → Orders): the browser's anonymous basket becomes the user's,
 * or is merged into the user's active basket (same variant and size add up, capped at the units a
 * line may hold) and
 * deleted. Answers the user's basket (whose id the browser keeps from now on), or null when the
 * user has none and nothing was claimed.
 */
export async function claimBasket(db: Db, basketId: string | undefined, user: AuthUser, unitsPerLine: number): Promise<Basket | null> {
  const id = await inTransaction(db, async (trx) => {
    const own = await trx.selectFrom('baskets').select('id').where('userId', '=', user.id).where('status', '=', 'Active').forUpdate().executeTakeFirst();
    if (!basketId || basketId === own?.id) return own?.id ?? null;
    const claimed = await trx.selectFrom('baskets').select(['id', 'userId', 'status']).where('id', '=', basketId).forUpdate().executeTakeFirst();
    if (!claimed || claimed.status === 'Ordered' || claimed.userId === user.id) return own?.id ?? null;
    if (claimed.userId !== null) throw new TRPCError({ code: 'FORBIDDEN' });
    if (!own) {
      await trx.updateTable('baskets').set({ userId: user.id, updatedAt: new Date() }).where('id', '=', claimed.id).execute();
      return claimed.id;
    }
    await sql`
      insert into basket_lines (basket_id, variant_id, size_id, quantity, position)
      select ${own.id}::uuid, variant_id, size_id, quantity, 1000 + position from basket_lines where basket_id = ${claimed.id}
      order by position, id
      on conflict (basket_id, variant_id, coalesce(size_id, 0))
      do update set quantity = greatest(basket_lines.quantity, least(${unitsPerLine}::int, basket_lines.quantity + excluded.quantity))`.execute(trx);
    await trx.deleteFrom('baskets').where('id', '=', claimed.id).execute();
    await touchBasket(trx, own.id);
    return own.id;
  });
  return id ? mustRead(db, id) : null;
}

type ListInput = z.output<typeof basketListSchema>;

const sortColumns = { updatedAt: 'b.updatedAt', createdAt: 'b.createdAt', totalAmount: 'b.totalAmount' } as const;

/** GET /baskets (Admin): filters, sort and paging; totals as stored at each basket's last change. */
export async function listBaskets(db: Db, input: ListInput): Promise<{ rows: BasketSummary[]; length: number }> {
  let query = db.selectFrom('baskets as b');
  if (input.userId !== undefined) query = query.where('b.userId', '=', input.userId);
  if (input.status) query = query.where('b.status', '=', input.status);
  if (input.minTotalAmount !== undefined) query = query.where('b.totalAmount', '>=', toKopecks(input.minTotalAmount));
  if (input.maxTotalAmount !== undefined) query = query.where('b.totalAmount', '<=', toKopecks(input.maxTotalAmount));
  if (input.updatedFrom) query = query.where('b.updatedAt', '>=', input.updatedFrom);
  if (input.updatedTo) query = query.where('b.updatedAt', '<=', input.updatedTo);
  const [rows, count] = await Promise.all([
    query
      .leftJoin('users as u', 'u.id', 'b.userId')
      .select((eb) => [
        'b.id',
        'b.userId',
        'b.status',
        'b.totalAmount',
        'b.createdAt',
        'b.updatedAt',
        'u.email',
        'u.firstName',
        'u.lastName',
        eb.selectFrom('basketLines as l').select(eb.fn.countAll<string>().as('n')).whereRef('l.basketId', '=', 'b.id').as('lineCount'),
        eb.selectFrom('basketLines as l').select(sql<string>`coalesce(sum(l.quantity), 0)`.as('q')).whereRef('l.basketId', '=', 'b.id').as('totalQuantity'),
      ])
      .orderBy(sortColumns[input.sortBy], input.orderBy)
      .orderBy('b.id', input.orderBy)
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      user: row.userId !== null && row.email !== null ? { id: row.userId, email: row.email, firstName: row.firstName ?? '', lastName: row.lastName ?? '' } : null,
      status: row.status,
      totalAmount: toRubles(row.totalAmount),
      lineCount: Number(row.lineCount ?? 0),
      totalQuantity: Number(row.totalQuantity ?? 0),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
    length: Number(count.n),
  };
}
