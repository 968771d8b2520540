import { TRPCError } from '@trpc/server';
import { sql, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import { toRubles } from '../../../shared/money.js';
import { orderMessages } from '../../../shared/order-messages.js';
import { statusMessages } from '../../../shared/errors.js';
import type { Checkout, checkoutAllSchema } from '../../../shared/schemas/orders.js';
import type { AuthUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { decodeCursor, nextCursorOf } from '../platform/cursor.js';
import { deliveryColumnNames, orderDeliveryOf } from '../delivery/snapshot.js';
import { paymentMethodOf, paymentStatusColumn, paymentStatusOf } from '../payments/names.js';

type AllInput = z.output<typeof checkoutAllSchema>;

/** Orders with their lines and status history, in one statement. */
function checkoutQuery(db: Db) {
  return db.selectFrom('checkouts as o').select((eb) => [
    'o.id',
    'o.status',
    'o.userId',
    'o.basketId',
    'o.addressId',
    'o.oneClick',
    'o.firstName',
    'o.lastName',
    'o.email',
    'o.phone',
    'o.address',
    'o.city',
    'o.country',
    'o.zipCode',
    'o.comment',
    'o.totalAmount',
    'o.totalQuantity',
    // Orders placed before delivery existed: the goods are the whole total.
    sql<number>`coalesce(o.items_amount, o.total_amount)`.as('itemsAmount'),
    ...deliveryColumnNames,
    'o.callbackPending',
    'o.paymentMethod',
    'o.paymentStatus',
    'o.payBy',
    'o.version',
    'o.createdAt',
    'o.updatedAt',
    jsonArrayFrom(
      eb
        .selectFrom('checkoutLines as l')
        .select([
          'l.productId',
          'l.variantId',
          'l.sizeId',
          'l.productName as name',
          'l.productUrl as url',
          'l.article',
          'l.colorName as color',
          'l.sizeName as size',
          'l.image',
          'l.quantity',
          'l.unitPrice',
        ])
        .whereRef('l.checkoutId', '=', 'o.id')
        .orderBy('l.position'),
    ).as('lines'),
    jsonArrayFrom(
      eb
        .selectFrom('checkoutStatusHistory as h')
        .select(['h.fromStatus', 'h.toStatus', 'h.changedBy', 'h.createdAt'])
        .whereRef('h.checkoutId', '=', 'o.id')
        .orderBy('h.id'),
    ).as('history'),
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof checkoutQuery>['executeTakeFirstOrThrow']>>;

function toCheckout(row: Row): Checkout {
  const { deliveryMethodId, deliveryKind, deliveryName, deliveryEstimate, deliveryCost, pickupPointId, pickupPointName, pickupPointAddress, pickupPointHours, ...order } = row;
  const delivery = orderDeliveryOf({ deliveryMethodId, deliveryKind, deliveryName, deliveryEstimate, deliveryCost, pickupPointId, pickupPointName, pickupPointAddress, pickupPointHours });
  return {
    ...order,
    totalAmount: toRubles(row.totalAmount),
    itemsAmount: toRubles(Number(row.itemsAmount)),
    delivery,
    paymentMethod: paymentMethodOf(row.paymentMethod),
    paymentStatus: paymentStatusOf(row.paymentStatus),
    lines: row.lines.map(({ unitPrice, ...line }) => ({ ...line, price: toRubles(unitPrice), lineTotal: toRubles(unitPrice * line.quantity) })),
    history: row.history.map((entry) => ({ ...entry, createdAt: new Date(entry.createdAt) })),
  };
}

export async function readCheckout(db: Db, id: number): Promise<Checkout | null> {
  const row = await checkoutQuery(db).where('o.id', '=', id).executeTakeFirst();
  return row ? toCheckout(row) : null;
}

/** GET /checkouts/{id}: the owner's or the Admin's; anyone else 403 whether it exists or not. */
export async function getCheckout(db: Db, id: number, caller: AuthUser): Promise<Checkout> {
  const order = await readCheckout(db, id);
  if (caller.role === 'Admin') {
    if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.checkoutNotFound });
    return order;
  }
  if (!order || order.userId !== caller.id) throw new TRPCError({ code: 'FORBIDDEN' });
  return order;
}

const sortColumns = { createdAt: 'o.createdAt', updatedAt: 'o.updatedAt', id: 'o.id', totalAmount: 'o.totalAmount', status: 'o.status' } as const;

/** GET /checkouts (own: `userId` forced to the caller) and GET /checkouts/all (Admin). */
export async function listCheckouts(db: Db, input: AllInput): Promise<{ rows: Checkout[]; length: number; nextCursor: string | null }> {
  if (input.cursor !== undefined && input.offset > 0) throw new TRPCError({ code: 'BAD_REQUEST', message: `${statusMessages[400]} cursor и offset вместе не используются` });
  const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
  const sortColumn = sortColumns[input.sortBy];
  const filtered = (query: ReturnType<typeof checkoutQuery>) => {
    let q = query;
    if (input.userId !== undefined) q = q.where('o.userId', '=', input.userId);
    if (input.addressId !== undefined) q = q.where('o.addressId', '=', input.addressId);
    if (input.basketId !== undefined) q = q.where('o.basketId', '=', input.basketId);
    if (input.status) q = q.where('o.status', '=', input.status);
    if (input.callbackPending !== undefined) q = q.where('o.callbackPending', '=', input.callbackPending);
    if (input.paymentStatus) q = q.where('o.paymentStatus', '=', paymentStatusColumn(input.paymentStatus));
    if (input.createdFrom) q = q.where('o.createdAt', '>=', input.createdFrom);
    if (input.createdTo) q = q.where('o.createdAt', '<=', input.createdTo);
    if (input.customer) {
      const pattern = containsPattern(input.customer);
      const digits = /^[\d\s()+-]+$/.test(input.customer) ? input.customer.replace(/\D/g, '') : '';
      const phoneDigits = digits.length >= 3 ? (/^[78]\d{10}$/.test(digits) ? digits.slice(1) : digits) : '';
      q = q.where((eb) =>
        eb.or([
          eb(sql`o.first_name || ' ' || o.last_name`, 'ilike', pattern),
          eb(sql`o.last_name || ' ' || o.first_name`, 'ilike', pattern),
          eb('o.email', 'ilike', pattern),
          eb('o.phone', 'ilike', pattern),
          // Phones are stored as +7XXXXXXXXXX: «916 123-45» or «8 916 123-45-67» finds +79161234567.
          ...(phoneDigits ? [eb('o.phone', 'like', `%${phoneDigits}%`)] : []),
        ]),
      );
    }
    return q;
  };
  // Times are compared to the millisecond, as a cursor carries them (JavaScript's precision).
  const sortValue = sortColumn === 'o.createdAt' || sortColumn === 'o.updatedAt' ? sql`date_trunc('milliseconds', ${sql.ref(sortColumn)})` : sql.ref(sortColumn);
  const page = filtered(checkoutQuery(db))
    // After the cursor's row in this order: (sort value, id) past the last one seen.
    .$if(after !== null, (q) => q.where(sql<SqlBool>`(${sortValue}, o.id) ${sql.raw(input.orderBy === 'asc' ? '>' : '<')} (${after?.value}, ${after?.id})`))
    .orderBy(sortValue, input.orderBy)
    .orderBy('o.id', input.orderBy)
    .limit(input.limit)
    .offset(input.offset);
  const count = filtered(checkoutQuery(db))
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'));
  const [rows, total] = await Promise.all([page.execute(), count.executeTakeFirstOrThrow()]);
  const sortKey = sortColumn.slice(2) as keyof (typeof rows)[number];
  return { rows: rows.map(toCheckout), length: Number(total.n), nextCursor: nextCursorOf(rows, input.limit, (row) => row[sortKey]) };
}
