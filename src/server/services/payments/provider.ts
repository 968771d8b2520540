import { TRPCError } from '@trpc/server';
import { paymentMessages } from '../../../shared/schemas/payments.js';
import type { PaymentState, RefundState } from '../../db/tables/payments.js';

/**
 * The one interface a payment provider implements (docs/payments.md). Amounts are kopecks and
 * currencies ISO codes; the provider's own formats stay inside its implementation (yookassa.ts).
 * Payments are one-stage (captured at once), so there is no capture call.
 */

/** A fiscal receipt (54-ФЗ): the customer's e-mail or phone and every line of the payment or refund. */
export interface Receipt {
  customer: { email?: string; phone?: string };
  items: ReceiptItem[];
}

export interface ReceiptItem {
  /** At most 128 characters (cut by the provider's implementation). */
  description: string;
  quantity: number;
  /** Kopecks per unit. */
  unitPrice: number;
  vatCode: number;
  paymentSubject: 'commodity' | 'service';
  paymentMode: 'full_prepayment' | 'full_payment';
}

export interface CreatePaymentInput {
  orderId: number;
  amountKopecks: number;
  description: string;
  returnUrl: string;
  receipt: Receipt;
  /** The same key for the same attempt: a repeated creation answers the same payment. */
  idempotenceKey: string;
}

export interface ProviderPayment {
  providerId: string;
  status: PaymentState;
  confirmationUrl: string | null;
  /** Kopecks. */
  amount: number;
  currency: string;
  /** metadata.orderId as the provider keeps it; null when absent or not a number. */
  orderId: number | null;
}

export interface CreateRefundInput {
  paymentId: string;
  amountKopecks: number;
  receipt: Receipt;
  idempotenceKey: string;
}

export interface ProviderRefund {
  providerId: string;
  paymentId: string;
  status: RefundState;
  amount: number;
  currency: string;
}

export interface PaymentProvider {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** null: the provider does not know this id. */
  getPayment(providerId: string): Promise<ProviderPayment | null>;
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  getRefund(providerId: string): Promise<ProviderRefund | null>;
}

/**
 * Why a provider call failed: `unavailable` (timeout, network, 429 after retries, 5xx: try again
 * later), `refused` (400: the request itself was wrong), `auth` (401/403: the shop's keys),
 * `notFound` (404).
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused' | 'auth' | 'notFound',
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The shopper's or admin's answer for a provider failure: Russian, 400 or 503, never 500. */
export function providerFailure(error: unknown): TRPCError {
  if (error instanceof ProviderError) {
    if (error.kind === 'refused') return new TRPCError({ code: 'BAD_REQUEST', message: paymentMessages.providerRefused, cause: error });
    if (error.kind === 'notFound') return new TRPCError({ code: 'NOT_FOUND', message: 'Платёж не найден у платёжного сервиса.', cause: error });
    if (error.kind === 'auth') return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: paymentMessages.onlineUnavailable, cause: error });
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: paymentMessages.providerUnavailable, cause: error });
  }
  if (error instanceof TRPCError) return error;
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: paymentMessages.providerUnavailable, cause: error });
}

/** Kopecks as the decimal string providers take: 129900 → "1299.00". */
export function kopecksToValue(kopecks: number): string {
  const whole = Math.floor(kopecks / 100);
  return `${whole}.${String(kopecks - whole * 100).padStart(2, '0')}`;
}

/** "1299.00" (or "1299", "1299.5") → 129900; null for anything else. */
export function valueToKopecks(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
