import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { CheckoutsTable, CheckoutStatus } from '../../db/tables/orders.js';
import { consentFields, privacyPolicy, type ConsentRecord } from '../content/consents.js';
import { orderChangeFields } from './checkout-events.js';
import type { LineSnapshot } from './stock.js';

export interface PlacedOrderRows {
  order: Insertable<CheckoutsTable>;
  lines: readonly LineSnapshot[];
  /** The first status (New, or AwaitingPayment for an order paid online). */
  status: CheckoutStatus;
  placedBy: number | null;
  /** The shopper's consent to personal-data processing; null for an order staff take by phone. */
  consent: Omit<ConsentRecord, 'subjectId'> | null;
}

/**
 * Writes a new order with everything that is born with it — its lines, its first status in the
 * history and the timeline, and the shopper's consent — in ONE statement (data-modifying CTEs that
 * take the order's id from the first insert). Placing an order holds its items' row locks until
 * commit, so every round trip saved here is time another buyer of the same product does not wait.
 */
export async function insertPlacedOrder(trx: Db, rows: PlacedOrderRows) {
  const withChildren = trx
    .with('o', (q) => q.insertInto('checkouts').values(rows.order).returning(['id', 'status', 'version', 'createdAt', 'updatedAt']))
    .with('l', (q) =>
      q.insertInto('checkoutLines').values(rows.lines.map((line, position) => ({ ...line, position, checkoutId: q.selectFrom('o').select('o.id') }))),
    )
    .with('h', (q) =>
      q.insertInto('checkoutStatusHistory').values({ checkoutId: q.selectFrom('o').select('o.id'), fromStatus: null, toStatus: rows.status, changedBy: rows.placedBy }),
    )
    .with('e', (q) =>
      q.insertInto('checkoutEvents').values({
        checkoutId: q.selectFrom('o').select('o.id'),
        ...orderChangeFields('status', { before: null, after: { status: rows.status }, by: rows.placedBy }),
      }),
    );
  const { consent } = rows;
  const statement = consent
    ? withChildren
        .with('c', (q) =>
          q.insertInto('consents').values({
            ...consentFields(consent),
            subjectId: q.selectFrom('o').select('o.id'),
            policyVersion: q.selectFrom('legalPages').select('version').where('slug', '=', privacyPolicy),
          }),
        )
        .selectFrom('o')
        .selectAll()
    : withChildren.selectFrom('o').selectAll();
  return statement.executeTakeFirstOrThrow();
}
