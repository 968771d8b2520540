import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/shared/schemas/catalogue.js';
import type { Checkout } from '../src/shared/schemas/orders.js';
import { paymentMessages, type CheckoutPayments } from '../src/shared/schemas/payments.js';
import type { TestApp } from './support/harness.js';
import { delivery, signUp, variantOf, type Shop } from './support/orders-support.js';
import { paymentsHelpers, startPaymentsShop, type PaymentsShop } from './support/payments-support.js';
import type { YooKassaFake } from './support/yookassa-fake.js';

/**
 * Refunds of orders paid online (docs/payments.md): in full when a paid order is cancelled, in part
 * for a return (never more than is left), the delivery as its own receipt line, and only by Admin.
 */

let s: PaymentsShop;
let fake: YooKassaFake;
let t: TestApp;
let shop: Shop;
let plaid: Product;
let pillow: Product;
const { nextIp, nextGuest, stockOf, basketWith, onlineOrder, adminOrder, paymentsOf, providerIdOf } = paymentsHelpers(() => s, '10.31.0');

beforeAll(async () => {
  s = await startPaymentsShop();
  ({ fake, t, shop, plaid, pillow } = s);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('refunds', () => {
  async function paidOrder(): Promise<Checkout> {
    const order = await onlineOrder();
    expect(await fake.succeed(await providerIdOf(order.id))).toBe(200);
    return adminOrder(order.id);
  }

  it('cancelling a paid order refunds it in full with a receipt and returns the stock', async () => {
    const order = await paidOrder();
    const pillows = await stockOf('PILLOW-1');
    const cancelled = await t.rest<Checkout>('PUT', `/checkouts/${order.id}`, { token: shop.adminToken, body: { status: 'Canceled' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.paymentStatus).toBe('refunded');
    expect(await stockOf('PILLOW-1')).toBe(pillows + 2);
    const providerId = await providerIdOf(order.id);
    const refund = fake.refunds.find((r) => r.payment_id === providerId);
    expect(refund?.amount).toEqual({ value: '2200.00', currency: 'RUB' });
    const receipt = fake.receipts.find((entry) => entry.kind === 'refund' && entry.id === refund?.id)?.receipt;
    expect(receipt?.customer).toEqual({ email: order.email });
    expect(receipt?.items.map((item) => [item.description, item.quantity, item.amount.value, item.payment_subject])).toEqual([
      ['Плед', '1.00', '1299.00', 'commodity'],
      ['Подушка', '2.00', '450.50', 'commodity'],
    ]);
    expect(await paymentsOf(order.id)).toMatchObject({ paymentStatus: 'refunded', paid: 2200, refunded: 2200, refunds: [{ providerId: refund?.id, status: 'succeeded', amount: 2200 }] });
  });

  it('a return refunds part of a paid order, never more than is left (409), and only the admin may (403)', async () => {
    const order = await paidOrder();
    const mug = { variantId: variantOf(pillow), sizeId: null };
    const anna = await signUp(t, 'anna.refunds@shop.test');
    const byUser = await t.rest('POST', `/checkouts/${order.id}/refunds`, { token: anna.token, body: { lines: [{ ...mug, quantity: 1 }] } });
    expect(byUser.status).toBe(403);
    const byGuest = await t.rest('POST', `/checkouts/${order.id}/refunds`, { body: { lines: [{ ...mug, quantity: 1 }] } });
    expect(byGuest.status).toBe(401);

    const one = await t.rest<CheckoutPayments>('POST', `/checkouts/${order.id}/refunds`, { token: shop.adminToken, body: { lines: [{ ...mug, quantity: 1 }], reason: 'Возврат подушки' } });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ paymentStatus: 'partiallyRefunded', refunded: 450.5, refunds: [{ amount: 450.5, status: 'succeeded', lines: [{ variantId: mug.variantId, quantity: 1, price: 450.5 }] }] });
    const receipt = fake.receipts.find((entry) => entry.kind === 'refund' && entry.id === one.body.refunds[0]?.providerId)?.receipt;
    expect(receipt?.items).toEqual([{ description: 'Подушка', quantity: '1.00', amount: { value: '450.50', currency: 'RUB' }, vat_code: 1, payment_subject: 'commodity', payment_mode: 'full_prepayment' }]);

    const tooManyUnits = await t.rest<{ message: string }>('POST', `/checkouts/${order.id}/refunds`, { token: shop.adminToken, body: { lines: [{ ...mug, quantity: 2 }] } });
    expect(tooManyUnits.status).toBe(409);
    expect(tooManyUnits.body.message).toBe(paymentMessages.refundLineTooMany('Подушка', 1));
    const tooMuch = await t.rest<{ message: string }>('POST', `/checkouts/${order.id}/refunds`, { token: shop.adminToken, body: { amount: 1800 } });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(paymentMessages.refundTooMuch('1749,50 ₽'));
    const both = await t.rest('POST', `/checkouts/${order.id}/refunds`, { token: shop.adminToken, body: { amount: 10, lines: [{ ...mug, quantity: 1 }] } });
    expect(both.status).toBe(400);

    const rest = await t.rest<CheckoutPayments>('POST', `/checkouts/${order.id}/refunds`, { token: shop.adminToken, body: { amount: 1749.5 } });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ paymentStatus: 'refunded', refunded: 2200 });
    // The last refund has no lines: its receipt carries the amount as a service line.
    const last = fake.receipts.find((entry) => entry.kind === 'refund' && entry.id === rest.body.refunds[1]?.providerId)?.receipt;
    expect(last?.items).toEqual([expect.objectContaining({ quantity: '1.00', amount: { value: '1749.50', currency: 'RUB' }, payment_subject: 'service' })]);
    const nothingLeft = await t.rest('POST', `/checkouts/${order.id}/refunds`, { token: shop.adminToken, body: { amount: 1 } });
    expect(nothingLeft.status).toBe(409);
    // Only paid orders: an order paid on delivery has nothing to refund.
    const onDelivery = await t.rest<Checkout>('POST', '/checkouts/direct', {
      ip: nextIp(),
      body: { ...nextGuest(), address: delivery, basketId: await basketWith([{ variantId: variantOf(plaid), quantity: 1 }]) },
    });
    const notPaid = await t.rest<{ message: string }>('POST', `/checkouts/${onDelivery.body.id}/refunds`, { token: shop.adminToken, body: { amount: 1 } });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toBe(paymentMessages.notPaid);
  });

  it('the admin cannot move an order out of «Ожидает оплаты» into «Новый» by hand', async () => {
    const order = await onlineOrder();
    const byHand = await t.rest('PUT', `/checkouts/${order.id}`, { token: shop.adminToken, body: { status: 'New' } });
    expect(byHand.status).toBe(400);
  });
});

describe('an order with a delivery cost', () => {
  it('pays and refunds the delivery as its own service line of the receipt', async () => {
    const post = await t.rest<{ id: number }>('POST', '/admin/delivery-methods', { token: shop.adminToken, body: { kind: 'post', name: 'Почта России', price: 350, minDays: 5, maxDays: 10 } });
    expect(post.status).toBe(200);
    const basketId = await basketWith([{ variantId: variantOf(plaid), quantity: 1 }]);
    const placed = await t.rest<Checkout>('POST', '/checkouts/direct', { ip: nextIp(), body: { ...nextGuest(), address: delivery, basketId, deliveryMethodId: post.body.id, paymentMethod: 'online' } });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ status: 'AwaitingPayment', totalAmount: 1649, itemsAmount: 1299, delivery: { cost: 350 } });
    const payment = fake.payments.at(-1)!;
    expect(payment.amount).toEqual({ value: '1649.00', currency: 'RUB' });
    const items = fake.receipts.find((entry) => entry.paymentId === payment.id)?.receipt.items;
    expect(items?.map((item) => [item.description, item.quantity, item.amount.value, item.payment_subject])).toEqual([
      ['Плед', '1.00', '1299.00', 'commodity'],
      ['Доставка', '1.00', '350.00', 'service'],
    ]);
    expect(await fake.succeed(payment.id)).toBe(200);
    const cancelled = await t.rest<Checkout>('PUT', `/checkouts/${placed.body.id}`, { token: shop.adminToken, body: { status: 'Canceled' } });
    expect(cancelled.body.paymentStatus).toBe('refunded');
    const refund = fake.refunds.find((r) => r.payment_id === payment.id);
    expect(refund?.amount.value).toBe('1649.00');
    const refundItems = fake.receipts.find((entry) => entry.kind === 'refund' && entry.id === refund?.id)?.receipt.items;
    expect(refundItems?.map((item) => [item.description, item.amount.value, item.payment_subject])).toEqual([
      ['Плед', '1299.00', 'commodity'],
      ['Доставка', '350.00', 'service'],
    ]);
  });
});

