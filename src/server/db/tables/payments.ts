import type { Generated } from 'kysely';
import type { CreatedAt, Defaulted, Json, UpdatedAt } from './columns.js';

/** Tables of payments (migrations/0027_payments.ts). Money is kopecks. */

export type PaymentState = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type RefundState = 'pending' | 'succeeded' | 'canceled';

/** One attempt to take an order's money at the provider. */
export interface PaymentsTable {
  id: Generated<number>;
  checkoutId: number;
  provider: string;
  /** The provider's payment id; null until the creation was answered. */
  providerId: string | null;
  status: Defaulted<PaymentState>;
  amount: number;
  currency: Defaulted<string>;
  confirmationUrl: string | null;
  idempotenceKey: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  paidAt: Date | null;
}

/** A returned order line (kopecks per unit). */
export interface RefundLine {
  variantId: number;
  sizeId: number | null;
  name: string;
  quantity: number;
  unitPrice: number;
}

export interface RefundsTable {
  id: Generated<number>;
  paymentId: number;
  providerId: string | null;
  amount: number;
  status: Defaulted<RefundState>;
  lines: Json<RefundLine[]>;
  reason: Defaulted<string>;
  idempotenceKey: string;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface PaymentsTables {
  payments: PaymentsTable;
  refunds: RefundsTable;
}
