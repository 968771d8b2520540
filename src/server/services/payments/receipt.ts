import { toKopecks } from '../../../shared/money.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import type { RefundLine } from '../../db/tables/payments.js';
import type { Receipt, ReceiptItem } from './provider.js';

/**
 * Fiscal receipts (54-ФЗ, docs/payments.md): every order line as a commodity, the delivery as its
 * own service line, the shop-wide VAT code, full prepayment (the goods are shipped after payment).
 */

/** The order's delivery cost in rubles (its delivery snapshot, docs/delivery.md); 0 without one. */
export function deliveryCostOf(order: Pick<Checkout, 'delivery'>): number {
  const cost = order.delivery?.cost ?? 0;
  return cost > 0 ? cost : 0;
}

function lineName(line: Checkout['lines'][number]): string {
  return [line.name, line.color, line.size ? `размер ${line.size}` : null].filter(Boolean).join(', ');
}

const customerOf = (order: Pick<Checkout, 'email' | 'phone'>): Receipt['customer'] => (order.email ? { email: order.email } : { phone: order.phone.replace(/[^\d+]/g, '') });

export function deliveryItem(amount: number, vatCode: number, description = 'Доставка'): ReceiptItem {
  return { description, quantity: 1, unitPrice: amount, vatCode, paymentSubject: 'service', paymentMode: 'full_prepayment' };
}

/** The order's receipt: its lines and the delivery. Its sum is what the payment takes (kopecks). */
export function orderReceipt(order: Checkout, vatCode: number): { receipt: Receipt; amount: number } {
  const items: ReceiptItem[] = order.lines.map((line) => ({
    description: lineName(line),
    quantity: line.quantity,
    unitPrice: toKopecks(line.price),
    vatCode,
    paymentSubject: 'commodity',
    paymentMode: 'full_prepayment',
  }));
  const delivery = toKopecks(deliveryCostOf(order));
  if (delivery > 0) items.push(deliveryItem(delivery, vatCode));
  return { receipt: { customer: customerOf(order), items }, amount: receiptSum(items) };
}

export function receiptSum(items: readonly ReceiptItem[]): number {
  return items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
}

/**
 * A refund's receipt: the returned lines; an amount without lines (the delivery, or what is left
 * of a cancelled order beyond its lines) as a service line.
 */
export function refundReceipt(order: Pick<Checkout, 'email' | 'phone'>, lines: readonly RefundLine[], amount: number, vatCode: number): Receipt {
  const items: ReceiptItem[] = lines.map((line) => ({
    description: line.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    vatCode,
    paymentSubject: 'commodity',
    paymentMode: 'full_prepayment',
  }));
  const rest = amount - receiptSum(items);
  if (rest > 0) items.push(deliveryItem(rest, vatCode));
  return { customer: customerOf(order), items };
}
