import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '../src/shared/schemas/catalogue.js';
import type { Basket, Checkout } from '../src/shared/schemas/orders.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest } from './support/orders-support.js';
import { startYooKassaFake, type YooKassaFake } from './support/yookassa-fake.js';

/**
 * Reservations that expire (docs/payments.md): two instances of the shop on one database, each
 * with its payment sweeper running every 100 ms. An online order not paid by `pay_by` is cancelled
 * once and its stock returned once, whichever instance gets there; a payment that succeeded
 * meanwhile wins over the expiry; a lost notification is recovered by asking the provider.
 */

const credentials = { shopId: '506751', secretKey: 'test_secret_key' };
const env = () => ({
  YOOKASSA_SHOP_ID: credentials.shopId,
  YOOKASSA_SECRET_KEY: credentials.secretKey,
  YOOKASSA_API_URL: `${fake.url}/v3`,
  PAYMENT_POLL_MS: '100',
});
const waiting = { timeout: 15_000, interval: 50 };

let fake: YooKassaFake;
let a: TestApp;
let b: TestApp;
let admin = '';
let towel: Product;
let counter = 0;

beforeAll(async () => {
  fake = await startYooKassaFake(credentials);
  a = await startTestApp(env());
  b = await startTestApp(env(), undefined, a.database);
  fake.notifyUrl = `${a.baseUrl}/api/payments/yookassa/notifications`;
  admin = await a.signInAdmin();
  const created = await a.rest<Product>('POST', '/products', { token: admin, body: { name: 'Полотенце', url: 'polotence', variants: [{ article: 'TOWEL-1', price: 500, stock: 100 }] } });
  expect(created.status).toBe(200);
  towel = created.body;
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await fake?.close();
});

async function towels(): Promise<number> {
  const row = await a.db.selectFrom('variantItems').select('stock').where('article', '=', 'TOWEL-1').executeTakeFirstOrThrow();
  return row.stock;
}

/** A guest's online order of `quantity` towels, placed on instance `a`. */
async function onlineOrder(quantity: number): Promise<Checkout> {
  counter += 1;
  const ip = `10.40.0.${counter}`;
  const basket = await a.rest<Basket>('POST', '/baskets', { ip, body: { orderProducts: [{ variantId: towel.variants[0]!.id, quantity }] } });
  const placed = await a.rest<Checkout>('POST', '/checkouts/direct', {
    ip,
    body: { ...guest, email: `late${counter}@guest.test`, phone: `+7 901 000-00-${String(counter).padStart(2, '0')}`, address: delivery, basketId: basket.body.id, paymentMethod: 'online' },
  });
  expect(placed.status).toBe(200);
  expect(placed.body).toMatchObject({ status: 'AwaitingPayment', payment: { status: 'pending' } });
  return placed.body;
}

/** Moves the orders' `pay_by` into the past: the sweepers of both instances now see them due. */
async function expire(ids: number[]): Promise<void> {
  await a.db.updateTable('checkouts').set({ payBy: sql<Date>`now() - interval '1 second'` }).where('id', 'in', ids).execute();
}

async function statusOf(id: number): Promise<{ status: string; paymentStatus: string }> {
  return a.db.selectFrom('checkouts').select(['status', 'paymentStatus']).where('id', '=', id).executeTakeFirstOrThrow();
}

const providerIdOf = async (id: number) => (await a.db.selectFrom('payments').select('providerId').where('checkoutId', '=', id).executeTakeFirstOrThrow()).providerId ?? '';

describe('orders not paid in time', () => {
  it('are cancelled once and give their stock back once, across two instances', async () => {
    const before = await towels();
    const orders = await Promise.all([1, 2, 3, 4, 5].map(() => onlineOrder(2)));
    const ids = orders.map((order) => order.id);
    expect(await towels()).toBe(before - 10);
    await expire(ids);
    await vi.waitFor(async () => {
      for (const id of ids) expect(await statusOf(id)).toEqual({ status: 'Canceled', paymentStatus: 'canceled' });
    }, waiting);
    expect(await towels()).toBe(before);
    const cancels = await a.db.selectFrom('checkoutStatusHistory').select(['checkoutId', 'fromStatus', 'changedBy']).where('checkoutId', 'in', ids).where('toStatus', '=', 'Canceled').execute();
    expect(cancels).toHaveLength(ids.length);
    expect(cancels.every((entry) => entry.fromStatus === 'AwaitingPayment' && entry.changedBy === null)).toBe(true);
    // More rounds of both sweepers change nothing.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await towels()).toBe(before);
  });

  it('a payment that succeeded meanwhile wins over the expiry', async () => {
    const before = await towels();
    const order = await onlineOrder(1);
    // Paid at the provider, its notification lost.
    await fake.succeed(await providerIdOf(order.id), { notify: false });
    await expire([order.id]);
    await vi.waitFor(async () => expect(await statusOf(order.id)).toEqual({ status: 'New', paymentStatus: 'paid' }), waiting);
    expect(await towels()).toBe(before - 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusOf(order.id)).toEqual({ status: 'New', paymentStatus: 'paid' });
  });

  it('a lost notification is recovered by asking the provider about payments pending for over a minute', async () => {
    const order = await onlineOrder(1);
    const providerId = await providerIdOf(order.id);
    await fake.succeed(providerId, { notify: false });
    // Younger than a minute: left to its notification.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await statusOf(order.id)).status).toBe('AwaitingPayment');
    await sql`update payments set created_at = now() - interval '2 minutes' where provider_id = ${providerId}`.execute(a.db);
    await vi.waitFor(async () => expect(await statusOf(order.id)).toEqual({ status: 'New', paymentStatus: 'paid' }), waiting);
    const history = await a.db.selectFrom('checkoutStatusHistory').select(['toStatus']).where('checkoutId', '=', order.id).orderBy('id').execute();
    expect(history.map((entry) => entry.toStatus)).toEqual(['AwaitingPayment', 'New']);
  });

  it('while the provider cannot be asked, an expired order is held for an hour, then cancelled', async () => {
    const order = await onlineOrder(1);
    fake.rateLimitNext(1_000_000);
    try {
      await expire([order.id]);
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect((await statusOf(order.id)).status).toBe('AwaitingPayment');
      await a.db.updateTable('checkouts').set({ payBy: sql<Date>`now() - interval '2 hours'` }).where('id', '=', order.id).execute();
      await vi.waitFor(async () => expect((await statusOf(order.id)).status).toBe('Canceled'), waiting);
    } finally {
      fake.rateLimitNext(0);
    }
  });

  it('a payment paid after its order expired is refunded in full', async () => {
    const before = await towels();
    const order = await onlineOrder(1);
    await expire([order.id]);
    await vi.waitFor(async () => expect((await statusOf(order.id)).status).toBe('Canceled'), waiting);
    expect(await towels()).toBe(before);
    const providerId = await providerIdOf(order.id);
    expect(await fake.succeed(providerId)).toBe(200);
    await vi.waitFor(() => expect(fake.refunds.filter((refund) => refund.payment_id === providerId)).toHaveLength(1), waiting);
    expect(fake.refunds.find((refund) => refund.payment_id === providerId)?.amount).toEqual({ value: '500.00', currency: 'RUB' });
    expect(await statusOf(order.id)).toEqual({ status: 'Canceled', paymentStatus: 'refunded' });
  });
});
