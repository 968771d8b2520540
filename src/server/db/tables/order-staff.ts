import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns.js';

/** Tables of the staff's work on orders (migrations/0031_order_staff.ts, docs/orders-staff.md). */

export type CheckoutEventKind = 'status' | 'lines' | 'address' | 'delivery' | 'payment' | 'note';

/** A summary of one side of a change (what the timeline shows); free-form per kind. */
export type CheckoutEventSide = Record<string, unknown>;

export interface CheckoutNotesTable {
  id: Generated<number>;
  checkoutId: number;
  authorId: number | null;
  text: string;
  createdAt: CreatedAt;
}

export interface CheckoutEventsTable {
  id: Generated<number>;
  checkoutId: number;
  kind: CheckoutEventKind;
  /** JSON, written as its JSON.stringify. */
  before: ColumnType<CheckoutEventSide | null, string | null, never>;
  after: ColumnType<CheckoutEventSide | null, string | null, never>;
  /** The staff member, or null for the shop itself (a payment, the expiry) and the shopper. */
  changedBy: number | null;
  /** Written explicitly only by the demo data (their past changes). */
  createdAt: ColumnType<Date, Date | undefined, never>;
}

export interface OrderStaffTables {
  checkoutNotes: CheckoutNotesTable;
  checkoutEvents: CheckoutEventsTable;
}
