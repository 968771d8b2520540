import { expect } from 'vitest';
import type { Product } from '../../src/shared/schemas/catalogue.js';
import type { Basket, Checkout } from '../../src/shared/schemas/orders.js';
import type { CheckoutPayments } from '../../src/shared/schemas/payments.js';
import { startTestApp, type TestApp } from './harness.js';
import { delivery, guest, setUpShop, type Shop } from './orders-support.js';
import { startYooKassaFake, type YooKassaFake } from './yookassa-fake.js';

/** The payments tests' shop: the app pointed at a local ЮKassa, the orders tests' catalogue, and two items with plenty of stock. */
export interface PaymentsShop {
  fake: YooKassaFake;
  t: TestApp;
  shop: Shop;
  /** 1 299 ₽, 500 in stock. */
  plaid: Product;
  /** 450,50 ₽, 500 in stock. */
  pillow: Product;
}

export const yookassaCredentials = { shopId: '506751', secretKey: 'test_secret_key' };

export async function startPaymentsShop(env: Record<string, string> = {}): Promise<PaymentsShop> {
  const fake = await startYooKassaFake(yookassaCredentials);
  const t = await startTestApp({
    YOOKASSA_SHOP_ID: yookassaCredentials.shopId,
    YOOKASSA_SECRET_KEY: yookassaCredentials.secretKey,
    YOOKASSA_API_URL: `${fake.url}/v3`,
    YOOKASSA_TIMEOUT_MS: '700',
    ...env,
  });
  fake.notifyUrl = `${t.baseUrl}/api/payments/yookassa/notifications`;
  const shop = await setUpShop(t);
  const product = async (body: object) => (await t.rest<Product>('POST', '/products', { token: shop.adminToken, body })).body;
  const plaid = await product({ name: 'Плед', url: 'pled', variants: [{ article: 'PLAID-1', price: 1299, stock: 500 }] });
  const pillow = await product({ name: 'Подушка', url: 'podushka', variants: [{ article: 'PILLOW-1', price: 450.5, stock: 500 }] });
  return { fake, t, shop, plaid, pillow };
}

type Lines = Array<{ variantId: number; sizeId?: number; quantity: number }>;

/** Calls the tests make on the shop `get()` answers (filled in a beforeAll). */
export function paymentsHelpers(get: () => PaymentsShop, network: string) {
  let counter = 0;
  const nextIp = () => `${network}.${(counter += 1)}`;
  /** A guest of their own for each order: the guests' open-units hold counts per e-mail and phone. */
  const nextGuest = () => ({ ...guest, email: `payer${counter}@guest.test`, phone: `+7 900 555-${String(1000 + counter).slice(-4, -2)}-${String(counter % 100).padStart(2, '0')}` });

  async function stockOf(article: string): Promise<number> {
    const row = await get().t.db.selectFrom('variantItems').select('stock').where('article', '=', article).executeTakeFirstOrThrow();
    return row.stock;
  }

  async function basketWith(lines: Lines): Promise<string> {
    const { t } = get();
    const basket = await t.rest<Basket>('POST', '/baskets', { body: {}, ip: nextIp() });
    const put = await t.rest<Basket>('PUT', `/baskets/${basket.body.id}`, { body: { orderProducts: lines } });
    expect(put.status).toBe(200);
    return basket.body.id;
  }

  /** A guest's online order: by default a plaid and two pillows (2 200 ₽). */
  async function onlineOrder(lines?: Lines): Promise<Checkout> {
    const { t, plaid, pillow } = get();
    const basketId = await basketWith(
      lines ?? [
        { variantId: plaid.variants[0]!.id, quantity: 1 },
        { variantId: pillow.variants[0]!.id, quantity: 2 },
      ],
    );
    const placed = await t.rest<Checkout>('POST', '/checkouts/direct', { ip: nextIp(), body: { ...nextGuest(), address: delivery, basketId, paymentMethod: 'online' } });
    expect(placed.status).toBe(200);
    return placed.body;
  }

  async function adminOrder(id: number): Promise<Checkout> {
    const order = await get().t.rest<Checkout>('GET', `/checkouts/${id}`, { token: get().shop.adminToken });
    expect(order.status).toBe(200);
    return order.body;
  }

  async function paymentsOf(id: number): Promise<CheckoutPayments> {
    const answer = await get().t.rest<CheckoutPayments>('GET', `/checkouts/${id}/payments`, { token: get().shop.adminToken });
    expect(answer.status).toBe(200);
    return answer.body;
  }

  async function providerIdOf(id: number): Promise<string> {
    const { payments } = await paymentsOf(id);
    const providerId = payments[0]?.providerId;
    if (!providerId) throw new Error(`order ${id} has no payment at the provider`);
    return providerId;
  }

  return { nextIp, nextGuest, stockOf, basketWith, onlineOrder, adminOrder, paymentsOf, providerIdOf };
}
