import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '../src/shared/schemas/catalogue.js';
import type { Basket, Checkout } from '../src/shared/schemas/orders.js';
import { paymentMessages, type CheckoutPayments } from '../src/shared/schemas/payments.js';
import { slow, startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, setUpShop, signUp, variantOf, type Shop } from './support/orders-support.js';
import { startYooKassaFake, type YooKassaFake } from './support/yookassa-fake.js';

/**
 * Online payment through ЮKassa (docs/payments.md), against a local fake of its API: a paid order,
 * forged, repeated and out-of-order notifications, a creation that times out and is retried,
 * refunds on cancel and in part, and who may do what.
 */

const credentials = { shopId: '506751', secretKey: 'test_secret_key' };
let fake: YooKassaFake;
let t: TestApp;
let shop: Shop;
/** Plenty of stock for the many orders below: a plaid (1 299 ₽) and a pillow (450,50 ₽). */
let plaid: Product;
let pillow: Product;
let ipCounter = 0;
const nextIp = () => `10.30.0.${(ipCounter += 1)}`;
/** A guest of their own for each order: the guests' open-units hold counts per e-mail and phone. */
const nextGuest = () => ({ ...guest, email: `payer${ipCounter}@guest.test`, phone: `+7 900 555-${String(1000 + ipCounter).slice(-4, -2)}-${String(ipCounter % 100).padStart(2, '0')}` });

beforeAll(async () => {
  fake = await startYooKassaFake(credentials);
  t = await startTestApp({
    YOOKASSA_SHOP_ID: credentials.shopId,
    YOOKASSA_SECRET_KEY: credentials.secretKey,
    YOOKASSA_API_URL: `${fake.url}/v3`,
    YOOKASSA_TIMEOUT_MS: '700',
    WEBHOOKS_ALLOW_HTTP: 'true',
  });
  fake.notifyUrl = `${t.baseUrl}/api/payments/yookassa/notifications`;
  shop = await setUpShop(t);
  const product = async (body: object) => (await t.rest<Product>('POST', '/products', { token: shop.adminToken, body })).body;
  plaid = await product({ name: 'Плед', url: 'pled', variants: [{ article: 'PLAID-1', price: 1299, stock: 500 }] });
  pillow = await product({ name: 'Подушка', url: 'podushka', variants: [{ article: 'PILLOW-1', price: 450.5, stock: 500 }] });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function stockOf(article: string): Promise<number> {
  const row = await t.db.selectFrom('variantItems').select('stock').where('article', '=', article).executeTakeFirstOrThrow();
  return row.stock;
}

async function basketWith(lines: Array<{ variantId: number; sizeId?: number; quantity: number }>): Promise<string> {
  const basket = await t.rest<Basket>('POST', '/baskets', { body: {}, ip: nextIp() });
  const put = await t.rest<Basket>('PUT', `/baskets/${basket.body.id}`, { body: { orderProducts: lines } });
  expect(put.status).toBe(200);
  return basket.body.id;
}

/** A guest's online order: by default a plaid and two pillows (2 200 ₽). */
async function onlineOrder(lines?: Array<{ variantId: number; sizeId?: number; quantity: number }>): Promise<Checkout> {
  const basketId = await basketWith(
    lines ?? [
      { variantId: variantOf(plaid), quantity: 1 },
      { variantId: variantOf(pillow), quantity: 2 },
    ],
  );
  const placed = await t.rest<Checkout>('POST', '/checkouts/direct', { ip: nextIp(), body: { ...nextGuest(), address: delivery, basketId, paymentMethod: 'online' } });
  expect(placed.status).toBe(200);
  return placed.body;
}

async function adminOrder(id: number): Promise<Checkout> {
  const order = await t.rest<Checkout>('GET', `/checkouts/${id}`, { token: shop.adminToken });
  expect(order.status).toBe(200);
  return order.body;
}

async function paymentsOf(id: number): Promise<CheckoutPayments> {
  const answer = await t.rest<CheckoutPayments>('GET', `/checkouts/${id}/payments`, { token: shop.adminToken });
  expect(answer.status).toBe(200);
  return answer.body;
}

const providerIdOf = async (id: number) => {
  const { payments } = await paymentsOf(id);
  const providerId = payments[0]?.providerId;
  if (!providerId) throw new Error(`order ${id} has no payment at the provider`);
  return providerId;
};

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
