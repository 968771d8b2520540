import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Basket, Checkout } from '../src/shared/schemas/orders.js';
import { paymentMessages } from '../src/shared/schemas/payments.js';
import { slow, startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, setUpShop, variantOf, type Shop } from './support/orders-support.js';
import { paymentsHelpers, startPaymentsShop, type PaymentsShop } from './support/payments-support.js';
import type { YooKassaFake } from './support/yookassa-fake.js';

/**
 * Online payment through ЮKassa (docs/payments.md), against a local fake of its API: a paid order,
 * a payment that does not match, forged, repeated and out-of-order notifications, a creation that
 * times out and is retried, and a shop without ЮKassa. Refunds: payments-refunds.test.ts.
 */

let s: PaymentsShop;
let fake: YooKassaFake;
let t: TestApp;
let shop: Shop;
const { stockOf, onlineOrder, adminOrder, paymentsOf, providerIdOf } = paymentsHelpers(() => s, '10.30.0');

beforeAll(async () => {
  s = await startPaymentsShop({ WEBHOOKS_ALLOW_HTTP: 'true' });
  ({ fake, t, shop } = s);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('a paid order', () => {
  it('waits for payment, is sent to ЮKassa with a full receipt, and becomes New once the provider says it is paid', async () => {
    // An integrator listening to payments (nothing answers there: only the event is checked).
    const hook = await t.rest('POST', '/webhooks', { token: shop.adminToken, body: { url: 'http://127.0.0.1:9/payments', events: ['payment.state_changed'] } });
    expect(hook.status).toBe(200);
    const jackets = await stockOf('SEV-BLUE/48');
    const order = await onlineOrder([
      { variantId: variantOf(shop.jacket), sizeId: shop.sizes.s48, quantity: 1 },
      { variantId: variantOf(shop.mug), quantity: 2 },
    ]);
    expect(order).toMatchObject({ status: 'AwaitingPayment', paymentMethod: 'online', paymentStatus: 'pending', totalAmount: 5699.9 });
    expect(order.payBy).not.toBeNull();
    expect(order.payment).toMatchObject({ status: 'pending', message: null });
    expect(order.payment?.confirmationUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/payments\//);
    expect(order.payment?.payToken).toEqual(expect.any(String));
    expect(await stockOf('SEV-BLUE/48')).toBe(jackets - 1);

    const payment = fake.payments.at(-1)!;
    expect(payment).toMatchObject({ amount: { value: '5699.90', currency: 'RUB' }, metadata: { orderId: String(order.id) }, status: 'pending' });
    expect(payment.confirmation.return_url).toBe(`${t.config.publicUrl}/checkout/success/${order.id}`);
    const receipt = fake.receipts.find((entry) => entry.paymentId === payment.id)?.receipt;
    expect(receipt?.customer).toEqual({ email: order.email });
    expect(receipt?.items).toEqual([
      { description: 'Куртка «Север», Синий, размер 48', quantity: '1.00', amount: { value: '4999.90', currency: 'RUB' }, vat_code: 1, payment_subject: 'commodity', payment_mode: 'full_prepayment' },
      { description: 'Кружка', quantity: '2.00', amount: { value: '350.00', currency: 'RUB' }, vat_code: 1, payment_subject: 'commodity', payment_mode: 'full_prepayment' },
    ]);

    expect(await fake.succeed(payment.id)).toBe(200);
    const paid = await adminOrder(order.id);
    expect(paid).toMatchObject({ status: 'New', paymentStatus: 'paid' });
    expect(paid.history.map((entry) => [entry.fromStatus, entry.toStatus, entry.changedBy])).toEqual([
      [null, 'AwaitingPayment', null],
      ['AwaitingPayment', 'New', null],
    ]);
    const record = await paymentsOf(order.id);
    expect(record).toMatchObject({ paymentStatus: 'paid', paid: 5699.9, refunded: 0, payments: [{ providerId: payment.id, status: 'succeeded', amount: 5699.9, currency: 'RUB' }] });
    expect(record.payments[0]?.paidAt).not.toBeNull();
    const events = await t.db.selectFrom('webhookEvents').select(['data']).where('type', '=', 'payment.state_changed').execute();
    expect(events.map((event) => event.data)).toEqual([
      { checkoutId: order.id, paymentId: payment.id, status: 'succeeded', amount: 5699.9, currency: 'RUB', orderStatus: 'New', paymentStatus: 'paid' },
    ]);
    // The stock was taken once, at the checkout.
    expect(await stockOf('SEV-BLUE/48')).toBe(jackets - 1);

    // The same notification again, and a «canceled» one after the success: nothing changes.
    expect(await fake.notify('payment.succeeded', payment)).toBe(200);
    expect(await fake.notify('payment.canceled', { ...payment, status: 'canceled' })).toBe(200);
    const after = await adminOrder(order.id);
    expect(after.history).toHaveLength(2);
    expect(after).toMatchObject({ status: 'New', paymentStatus: 'paid' });
    expect(await stockOf('SEV-BLUE/48')).toBe(jackets - 1);

    // The admin list filters by payment status; the dashboard counts the money taken.
    const list = await t.rest<{ rows: Checkout[] }>('GET', '/checkouts/all?paymentStatus=paid', { token: shop.adminToken });
    expect(list.body.rows.map((row) => row.id)).toContain(order.id);
    expect(list.body.rows.every((row) => row.paymentStatus === 'paid')).toBe(true);
    const stats = await t.trpc(shop.adminToken).orders.checkouts.stats.query();
    expect(stats.paidRevenue30).toBeGreaterThanOrEqual(5699.9);
  });

  it('a payment whose amount differs from the order is never taken as paying it', async () => {
    const order = await onlineOrder();
    const providerId = await providerIdOf(order.id);
    fake.setAmount(providerId, '1.00');
    expect(await fake.succeed(providerId)).toBe(200);
    expect(await adminOrder(order.id)).toMatchObject({ status: 'AwaitingPayment', paymentStatus: 'pending' });
  });

  it('a payment cancelled at the provider cancels the order and returns its stock once', async () => {
    const pillows = await stockOf('PILLOW-1');
    const order = await onlineOrder();
    expect(await stockOf('PILLOW-1')).toBe(pillows - 2);
    const providerId = await providerIdOf(order.id);
    expect(await fake.cancel(providerId)).toBe(200);
    expect(await fake.notify('payment.canceled', fake.payments.find((p) => p.id === providerId)!)).toBe(200);
    const cancelled = await adminOrder(order.id);
    expect(cancelled).toMatchObject({ status: 'Canceled', paymentStatus: 'canceled' });
    expect(cancelled.history.filter((entry) => entry.toStatus === 'Canceled')).toEqual([expect.objectContaining({ fromStatus: 'AwaitingPayment', changedBy: null })]);
    expect(await stockOf('PILLOW-1')).toBe(pillows);
  });
});

describe('forged notifications', () => {
  it('an unknown id is answered 200 and changes nothing; a pending payment said to be paid stays pending', async () => {
    const order = await onlineOrder();
    const providerId = await providerIdOf(order.id);
    const unknown = await t.rest('POST', '/payments/yookassa/notifications', {
      body: { type: 'notification', event: 'payment.succeeded', object: { id: '2f2a7f3e-000f-5000-9000-1a2b3c4d5e6f', status: 'succeeded', paid: true } },
    });
    expect(unknown.status).toBe(200);
    const forged = await t.rest('POST', '/payments/yookassa/notifications', {
      body: { type: 'notification', event: 'payment.succeeded', object: { id: providerId, status: 'succeeded', paid: true, amount: { value: '5699.90', currency: 'RUB' }, metadata: { orderId: String(order.id) } } },
    });
    expect(forged.status).toBe(200);
    expect(await adminOrder(order.id)).toMatchObject({ status: 'AwaitingPayment', paymentStatus: 'pending' });
    expect((await paymentsOf(order.id)).payments[0]?.status).toBe('pending');
    const malformed = await t.rest('POST', '/payments/yookassa/notifications', { body: { type: 'notification', event: 'payment.succeeded' } });
    expect(malformed.status).toBe(400);
  });
});

describe('the provider timing out at creation', () => {
  it('leaves the order waiting; `pay` with the same key gets the one payment the provider made', async () => {
    const before = fake.payments.length;
    fake.delayNextPayments(1_500);
    const order = await onlineOrder();
    expect(order.status).toBe('AwaitingPayment');
    expect(order.payment).toMatchObject({ status: 'unavailable', confirmationUrl: null, message: paymentMessages.providerUnavailable });
    // The provider did make the payment; the shop never heard its id.
    await vi.waitFor(() => expect(fake.payments.length).toBe(before + 1), slow);
    await fake.idle();
    expect((await paymentsOf(order.id)).payments).toEqual([expect.objectContaining({ providerId: null, status: 'pending' })]);

    const stranger = await t.rest('POST', `/checkouts/${order.id}/pay`, { body: {} });
    expect(stranger.status).toBe(403);
    const wrongToken = await t.rest('POST', `/checkouts/${order.id}/pay`, { body: { payToken: 'not-the-token' } });
    expect(wrongToken.status).toBe(403);

    const retry = await t.rest<{ payment: { status: string; confirmationUrl: string } }>('POST', `/checkouts/${order.id}/pay`, { body: { payToken: order.payment?.payToken } });
    expect(retry.status).toBe(200);
    expect(retry.body.payment.status).toBe('pending');
    expect(fake.payments.length).toBe(before + 1);
    const made = fake.payments.at(-1)!;
    expect(retry.body.payment.confirmationUrl).toBe(made.confirmation.confirmation_url);
    expect((await paymentsOf(order.id)).payments).toEqual([expect.objectContaining({ providerId: made.id })]);

    // Asked again: the same payment, still one.
    const again = await t.rest<{ payment: { confirmationUrl: string } }>('POST', `/checkouts/${order.id}/pay`, { body: { payToken: order.payment?.payToken } });
    expect(again.body.payment.confirmationUrl).toBe(made.confirmation.confirmation_url);
    expect(fake.payments.length).toBe(before + 1);
  });

  it('a 429 from the provider is asked again after a pause', async () => {
    const before = fake.payments.length;
    fake.rateLimitNext(1);
    const order = await onlineOrder();
    expect(order.payment?.status).toBe('pending');
    expect(fake.payments.length).toBe(before + 1);
  });
});

describe('without ЮKassa configured', () => {
  let plain: TestApp;
  let plainShop: Shop;
  beforeAll(async () => {
    plain = await startTestApp();
    plainShop = await setUpShop(plain);
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('an online order is 400 «Оплата онлайн недоступна» and on delivery works as before', async () => {
    const basket = await plain.rest<Basket>('POST', '/baskets', { body: { orderProducts: [{ variantId: variantOf(plainShop.mug), quantity: 1 }] } });
    const online = await plain.rest<{ message: string }>('POST', '/checkouts/direct', { body: { ...guest, address: delivery, basketId: basket.body.id, paymentMethod: 'online' } });
    expect(online.status).toBe(400);
    expect(online.body.message).toBe(paymentMessages.onlineUnavailable);
    const onDelivery = await plain.rest<Checkout>('POST', '/checkouts/direct', { body: { ...guest, address: delivery, basketId: basket.body.id } });
    expect(onDelivery.status).toBe(200);
    expect(onDelivery.body).toMatchObject({ status: 'New', paymentMethod: 'onDelivery', paymentStatus: 'none', payBy: null });
    expect(onDelivery.body.payment).toBeUndefined();
    expect(onDelivery.body.history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'New' })]);
  });
});
