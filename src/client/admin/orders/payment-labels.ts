import type { CheckoutPayments } from '../../../shared/schemas/payments.js';

type PaymentRecord = CheckoutPayments['payments'][number];
type RefundRecord = CheckoutPayments['refunds'][number];

/** A payment attempt's state at the provider, in the admin's words. */
export const providerPaymentLabels: Record<PaymentRecord['status'], string> = {
  pending: 'Ожидает оплаты',
  waiting_for_capture: 'Ожидает подтверждения',
  succeeded: 'Оплачен',
  canceled: 'Отменён',
};

export const providerPaymentColors: Record<PaymentRecord['status'], string> = { pending: 'yellow', waiting_for_capture: 'yellow', succeeded: 'green', canceled: 'gray' };

export const refundLabels: Record<RefundRecord['status'], string> = { pending: 'Отправляется', succeeded: 'Выполнен', canceled: 'Отклонён' };

export const refundColors: Record<RefundRecord['status'], string> = { pending: 'yellow', succeeded: 'green', canceled: 'red' };

/** Units of each line (`variantId:sizeId`) already returned by refunds that were not refused. */
export function returnedUnits(payments: CheckoutPayments): Map<string, number> {
  const returned = new Map<string, number>();
  for (const refund of payments.refunds) {
    if (refund.status === 'canceled') continue;
    for (const line of refund.lines) {
      const key = lineKey(line);
      returned.set(key, (returned.get(key) ?? 0) + line.quantity);
    }
  }
  return returned;
}

export const lineKey = (line: { variantId: number; sizeId: number | null }) => `${line.variantId}:${line.sizeId ?? 0}`;
