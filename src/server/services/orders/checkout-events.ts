import { sql } from 'kysely';
import type { CheckoutEvent, CheckoutEventKind } from '../../../shared/schemas/orders-staff.js';
import type { Db } from '../../db/connection.js';
import type { CheckoutEventSide } from '../../db/tables/order-staff.js';

/**
 * The history of every change of an order (docs/orders-staff.md): one `checkout_events` row per
 * change, written by the change itself inside its own transaction, with a small summary of before
 * and after, who (a staff member, or null for the shop or the shopper) and when. Writing an event
 * also bumps the order's `version`, so an edit form loaded before any change is refused (409).
 */
export async function recordOrderChange(
  trx: Db,
  checkoutId: number,
  kind: CheckoutEventKind,
  change: { before: CheckoutEventSide | null; after: CheckoutEventSide | null; by: number | null; keepVersion?: boolean },
): Promise<void> {
  await trx
    .insertInto('checkoutEvents')
    .values({ checkoutId, ...orderChangeFields(kind, change) })
    .execute();
  // An order's first event and a note leave the version as it is (a note does not stale an edit form).
  if (change.keepVersion) return;
  await trx.updateTable('checkouts').set({ version: sql<number>`version + 1` }).where('id', '=', checkoutId).execute();
}

/** An event's own fields (the caller adds the order). */
export function orderChangeFields(kind: CheckoutEventKind, change: { before: CheckoutEventSide | null; after: CheckoutEventSide | null; by: number | null }) {
  return {
    kind,
    before: change.before === null ? null : JSON.stringify(change.before),
    after: change.after === null ? null : JSON.stringify(change.after),
    changedBy: change.by,
  };
}

/** The order's events, oldest first, with the staff member's name. */
export async function listOrderEvents(db: Db, checkoutId: number): Promise<CheckoutEvent[]> {
  const rows = await db
    .selectFrom('checkoutEvents as e')
    .leftJoin('users as u', 'u.id', 'e.changedBy')
    .select(['e.id', 'e.kind', 'e.before', 'e.after', 'e.changedBy', 'e.createdAt', sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('fullName'), 'u.email'])
    .where('e.checkoutId', '=', checkoutId)
    .orderBy('e.id')
    .execute();
  return rows.map(({ fullName, email, ...row }) => ({ ...row, changedByName: row.changedBy === null ? null : (fullName ?? email) }));
}

/** What the timeline keeps of an order's lines and money (kopecks as rubles). */
export function linesSummary(
  lines: ReadonlyArray<{ article: string; productName: string; sizeName: string | null; quantity: number; unitPrice: number }>,
  amounts: { itemsAmount: number; totalAmount: number },
): CheckoutEventSide {
  return {
    lines: lines.map((line) => ({ article: line.article, name: line.productName, size: line.sizeName, quantity: line.quantity, price: Number(line.unitPrice) / 100 })),
    itemsAmount: amounts.itemsAmount / 100,
    totalAmount: amounts.totalAmount / 100,
  };
}

export const addressFields = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'country', 'zipCode', 'comment'] as const;

/** The address and contacts of an order as the timeline keeps them. */
export function addressSummary(row: Record<(typeof addressFields)[number], string>): CheckoutEventSide {
  return Object.fromEntries(addressFields.map((field) => [field, row[field]]));
}

/** The delivery of an order as the timeline keeps it. */
export function deliverySummary(row: { deliveryName: string | null; pickupPointName: string | null; deliveryCost: number; address: string; city: string; totalAmount: number }): CheckoutEventSide {
  return { delivery: row.deliveryName, pickupPoint: row.pickupPointName, cost: Number(row.deliveryCost) / 100, address: row.address, city: row.city, totalAmount: Number(row.totalAmount) / 100 };
}
