import { describe, expect, it } from 'vitest';
import type { Checkout } from '../../../shared/schemas/orders.js';
import { deliveryCostOf, orderReceipt, refundReceipt } from './receipt.js';

/** The fiscal receipt of an order: its lines, and its delivery as a service line when it has a cost. */

const order = {
  email: 'olga@guest.test',
  phone: '+7 900 123-45-67',
  lines: [
    { name: 'Куртка «Север»', color: 'Синий', size: '48', quantity: 1, price: 4999.9 },
    { name: 'Кружка', color: null, size: null, quantity: 2, price: 350 },
  ],
} as unknown as Checkout;

describe('orderReceipt', () => {
  it('lists every line as a commodity paid in advance, adding up to the amount', () => {
    const { receipt, amount } = orderReceipt(order, 1);
    expect(amount).toBe(569_990);
    expect(receipt.customer).toEqual({ email: 'olga@guest.test' });
    expect(receipt.items).toEqual([
      { description: 'Куртка «Север», Синий, размер 48', quantity: 1, unitPrice: 499_990, vatCode: 1, paymentSubject: 'commodity', paymentMode: 'full_prepayment' },
      { description: 'Кружка', quantity: 2, unitPrice: 35_000, vatCode: 1, paymentSubject: 'commodity', paymentMode: 'full_prepayment' },
    ]);
  });

  it('adds the delivery as its own service line when the order carries a cost', () => {
    const withDelivery = { ...order, delivery: { methodId: 1, kind: 'courier', name: 'Курьер', estimate: '1–2 дня', cost: 390, pickupPoint: null } } as Checkout;
    expect(deliveryCostOf(withDelivery)).toBe(390);
    const { receipt, amount } = orderReceipt(withDelivery, 4);
    expect(amount).toBe(569_990 + 39_000);
    expect(receipt.items.at(-1)).toEqual({ description: 'Доставка', quantity: 1, unitPrice: 39_000, vatCode: 4, paymentSubject: 'service', paymentMode: 'full_prepayment' });
    expect(deliveryCostOf({ delivery: null })).toBe(0);
  });

  it('a refund of an amount beyond its lines carries the rest as a service line', () => {
    const receipt = refundReceipt(order, [{ variantId: 1, sizeId: null, name: 'Кружка', quantity: 1, unitPrice: 35_000 }], 74_000, 1);
    expect(receipt.items.map((item) => [item.description, item.unitPrice, item.paymentSubject])).toEqual([
      ['Кружка', 35_000, 'commodity'],
      ['Доставка', 39_000, 'service'],
    ]);
  });
});
