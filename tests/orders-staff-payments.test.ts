import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../src/shared/schemas/orders.js';
import type { CheckoutEvent } from '../src/shared/schemas/orders-staff.js';
import { editMessages } from '../src/server/services/orders/checkout-edit.js';
import { delivery } from './support/orders-support.js';
import { paymentsHelpers, startPaymentsShop, type PaymentsShop } from './support/payments-support.js';

/**
 * Orders paid online and the staff's tools (docs/orders-staff.md): their lines and address cannot be
 * edited (409), and every payment state change and refund is in the order's history, by the shop
 * (null) or by the admin who asked.
 */

let s: PaymentsShop;
const { onlineOrder, providerIdOf, adminOrder, stockOf } = paymentsHelpers(() => s, '10.33.0');

beforeAll(async () => {
  s = await startPaymentsShop();
});

afterAll(async () => {
  await s?.t.close();
  await s?.fake.close();
});

async function events(id: number): Promise<CheckoutEvent[]> {
  const answer = await s.t.rest<{ rows: CheckoutEvent[] }>('GET', `/checkouts/${id}/events`, { token: s.shop.adminToken });
  expect(answer.status).toBe(200);
  return answer.body.rows;
}

describe('orders paid online', () => {
  it('refuses editing the lines and the address of a paid order, and keeps payment and refund in the history', async () => {
    const placed = await onlineOrder();
    expect(await s.fake.succeed(await providerIdOf(placed.id))).toBe(200);
    const order = await adminOrder(placed.id);
    expect(order).toMatchObject({ status: 'New', paymentStatus: 'paid' });
    const plaids = await stockOf('PLAID-1');

    const lines = await s.t.rest<{ message: string }>('PUT', `/checkouts/${order.id}/lines`, { token: s.shop.adminToken, body: { lines: [{ variantId: s.plaid.variants[0]!.id, quantity: 5 }] } });
    expect(lines.status).toBe(409);
    expect(lines.body.message).toBe(editMessages.paidOnline);
    const address = await s.t.rest<{ message: string }>('PUT', `/checkouts/${order.id}/address`, {
      token: s.shop.adminToken,
      body: { firstName: order.firstName, lastName: order.lastName, email: order.email, phone: order.phone, ...delivery, city: 'Тула' },
    });
    expect(address.status).toBe(409);
    expect(address.body.message).toBe(editMessages.paidOnline);
    expect(await stockOf('PLAID-1')).toBe(plaids);
    expect((await adminOrder(order.id)).city).toBe(order.city);

    const refund = await s.t.rest('POST', `/checkouts/${order.id}/refunds`, { token: s.shop.adminToken, body: { amount: 100, reason: 'Скидка за ожидание' } });
    expect(refund.status).toBe(200);
    const history = await events(order.id);
    expect(history.map((entry) => [entry.kind, entry.changedBy === null ? 'shop' : 'staff'])).toEqual([
      ['status', 'shop'],
      ['status', 'shop'],
      ['payment', 'shop'],
      ['payment', 'staff'],
    ]);
    expect(history[0]?.after).toEqual({ status: 'AwaitingPayment' });
    expect(history[1]).toMatchObject({ before: { status: 'AwaitingPayment' }, after: { status: 'New' } });
    expect(history[2]).toMatchObject({ before: { paymentStatus: 'pending' }, after: { paymentStatus: 'paid', payment: 'succeeded', amount: 2200 } });
    expect(history[3]).toMatchObject({ before: { paymentStatus: 'paid' }, after: { paymentStatus: 'partially_refunded', refund: 100 } });
  });

  it('keeps the refund of a cancelled paid order in the history, by the admin who cancelled', async () => {
    const placed = await onlineOrder();
    expect(await s.fake.succeed(await providerIdOf(placed.id))).toBe(200);
    const cancelled = await s.t.rest<Checkout>('PUT', `/checkouts/${placed.id}`, { token: s.shop.adminToken, body: { status: 'Canceled' } });
    expect(cancelled.status).toBe(200);
    const history = await events(placed.id);
    expect(history.slice(-2).map((entry) => [entry.kind, entry.changedBy !== null])).toEqual([
      ['payment', true],
      ['status', true],
    ]);
    expect(history.at(-2)?.after).toMatchObject({ paymentStatus: 'refunded', refund: 2200, refundState: 'pending' });
  });

  it('keeps an online order the shopper never paid: cancelled by the provider, in the history by the shop', async () => {
    const placed = await onlineOrder();
    expect(await s.fake.cancel(await providerIdOf(placed.id))).toBe(200);
    const history = await events(placed.id);
    expect(history.map((entry) => [entry.kind, entry.changedBy])).toEqual([
      ['status', null],
      ['payment', null],
      ['status', null],
      ['payment', null],
    ]);
  });
});
