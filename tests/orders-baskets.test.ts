import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '../src/shared/order-messages.js';
import type { Basket, BasketSummary } from '../src/shared/schemas/orders.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { setUpShop, signUp, variantOf, type Shop } from './support/orders-support.js';

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await startTestApp();
  shop = await setUpShop(t);
});

afterAll(async () => {
  await t.close();
});

async function newBasket(token?: string): Promise<Basket> {
  const created = await t.rest<Basket>('POST', '/baskets', { body: {}, ...(token ? { token } : {}) });
  expect(created.status).toBe(200);
  return created.body;
}

describe('baskets', () => {
  it('computes prices and totals itself, ignoring what the client sends', async () => {
    const basket = await newBasket();
    expect(basket).toMatchObject({ status: 'Active', userId: null, orderProducts: [], totalAmount: 0 });
    const put = await t.rest<Basket>('PUT', `/baskets/${basket.id}`, {
      body: {
        status: 'Ordered',
        totalAmount: 1,
        orderProducts: [
          { variantId: variantOf(shop.jacket), sizeId: shop.sizes.s48, quantity: 2, price: 1 },
          { variantId: variantOf(shop.mug), quantity: 3 },
          { variantId: variantOf(shop.mug), quantity: 1 },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.status).toBe('Active');
    expect(put.body.orderProducts).toEqual([
      expect.objectContaining({ name: 'Куртка «Север»', price: 4999.9, lineTotal: 9999.8, quantity: 2, state: 'ok', size: { id: shop.sizes.s48, name: '48' } }),
      expect.objectContaining({ name: 'Кружка', price: 350, lineTotal: 1400, quantity: 4, state: 'ok', size: null }),
    ]);
    expect(put.body.totalAmount).toBe(11399.8);
    expect(put.body.totalQuantity).toBe(6);

    // The same basket over tRPC.
    const again = await t.trpc().orders.baskets.get.query({ basketId: basket.id });
    expect(again.totalAmount).toBe(11399.8);
    expect(again.createdAt).toBeInstanceOf(Date);
  });

  it('requires a size where the product has sizes, and refuses unknown variants', async () => {
    const basket = await newBasket();
    const noSize = await t.rest<{ message: string }>('PUT', `/baskets/${basket.id}`, { body: { orderProducts: [{ variantId: variantOf(shop.jacket), quantity: 1 }] } });
    expect(noSize.status).toBe(400);
    expect(noSize.body.message).toBe(`${orderMessages.sizeRequired}Куртка «Север», Синий`);
    const unknown = await t.rest<{ message: string }>('PUT', `/baskets/${basket.id}`, { body: { orderProducts: [{ variantId: 999999, quantity: 1 }] } });
    expect(unknown.status).toBe(400);
    const zero = await t.rest('PUT', `/baskets/${basket.id}`, { body: { orderProducts: [{ variantId: variantOf(shop.mug), quantity: 0 }] } });
    expect(zero.status).toBe(400);
    const bad = await t.rest('GET', '/baskets/not-a-uuid');
    expect(bad.status).toBe(400);
    const missing = await t.rest('GET', '/baskets/7d444840-9dc0-11d1-b245-5ffdce74fad2');
    expect(missing.status).toBe(404);
  });

  it('keeps lines that are short, withdrawn or gone, marked with what is available', async () => {
    const basket = await newBasket();
    const other = await t.rest<{ id: number; variants: Array<{ id: number }> }>('POST', '/products', {
      token: shop.adminToken,
      body: { name: 'Исчезающий товар', url: 'ischezayushchij', variants: [{ article: 'GONE-1', price: 10, stock: 5 }] },
    });
    const goneVariant = other.body.variants[0]!.id;
    const put = await t.rest<Basket>('PUT', `/baskets/${basket.id}`, {
      body: {
        orderProducts: [
          { variantId: variantOf(shop.jacket, 1), sizeId: shop.sizes.s50, quantity: 5 },
          { variantId: variantOf(shop.withdrawn), quantity: 1 },
          { variantId: goneVariant, quantity: 1 },
          { variantId: variantOf(shop.mug), quantity: 1 },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect((await t.rest('DELETE', `/products/${other.body.id}`, { token: shop.adminToken })).status).toBe(200);
    const read = await t.rest<Basket>('GET', `/baskets/${basket.id}`);
    expect(read.body.orderProducts.map((line) => [line.state, line.available])).toEqual([
      ['short', 2],
      ['withdrawn', 0],
      ['gone', 0],
      ['ok', 10],
    ]);
    expect(read.body.hasProblems).toBe(true);
    expect(read.body.totalAmount).toBe(350);
    // Only lines that can be ordered count, in the line and in the total alike: they add up.
    expect(read.body.orderProducts.map((line) => line.lineTotal)).toEqual([0, 0, 0, 350]);
    expect(read.body.orderProducts.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(read.body.totalAmount);
    // The list sent back as it is (gone line included) is accepted.
    const resent = await t.rest<Basket>('PUT', `/baskets/${basket.id}`, { body: { orderProducts: read.body.orderProducts } });
    expect(resent.status).toBe(200);
    expect(resent.body.orderProducts).toHaveLength(4);
  });

  it('clears and deletes', async () => {
    const basket = await newBasket();
    await t.rest('PUT', `/baskets/${basket.id}`, { body: { orderProducts: [{ variantId: variantOf(shop.mug), quantity: 1 }] } });
    const cleared = await t.rest<Basket>('GET', `/baskets/clear/${basket.id}`);
    expect(cleared.status).toBe(200);
    expect(cleared.body.orderProducts).toEqual([]);
    expect((await t.rest('DELETE', `/baskets/${basket.id}`)).status).toBe(200);
    expect((await t.rest('GET', `/baskets/${basket.id}`)).status).toBe(404);
  });

  it('merges the anonymous basket into the user\'s at sign-in, and keeps a user\'s basket to its owner', async () => {
    const anna = await signUp(t, 'anna.merge@shop.test');
    const own = await newBasket(anna.token);
    expect(own.userId).toBe(anna.id);
    expect((await newBasket(anna.token)).id).toBe(own.id);
    await t.rest('PUT', `/baskets/${own.id}`, { token: anna.token, body: { orderProducts: [{ variantId: variantOf(shop.mug), quantity: 2 }] } });

    const anonymous = await newBasket();
    await t.rest('PUT', `/baskets/${anonymous.id}`, {
      body: { orderProducts: [{ variantId: variantOf(shop.mug), quantity: 3 }, { variantId: variantOf(shop.jacket), sizeId: shop.sizes.s50, quantity: 1 }] },
    });
    const merged = await t.trpc(anna.token).orders.baskets.claim.mutate({ basketId: anonymous.id });
    expect(merged?.id).toBe(own.id);
    expect(merged?.orderProducts.map((line) => [line.name, line.quantity])).toEqual([
      ['Кружка', 5],
      ['Куртка «Север»', 1],
    ]);
    expect((await t.rest('GET', `/baskets/${anonymous.id}`)).status).toBe(404);

    // Someone else (or nobody) cannot read or change Anna's basket.
    const petr = await signUp(t, 'petr.merge@shop.test', 'Пётр');
    expect((await t.rest('GET', `/baskets/${own.id}`)).status).toBe(403);
    expect((await t.rest('GET', `/baskets/${own.id}`, { token: petr.token })).status).toBe(403);
    expect((await t.rest('PUT', `/baskets/${own.id}`, { token: petr.token, body: { orderProducts: [] } })).status).toBe(403);
    await expect(t.trpc(petr.token).orders.baskets.claim.mutate({ basketId: own.id })).rejects.toMatchObject({ data: { httpStatus: 403 } });
    expect((await t.rest('GET', `/baskets/${own.id}`, { token: shop.adminToken })).status).toBe(200);

    // A first claim with no basket of one's own: the anonymous basket becomes the user's.
    const twoTabs = await signUp(t, 'tabs@shop.test');
    const tabs = await Promise.all(Array.from({ length: 4 }, () => newBasket(twoTabs.token)));
    expect(new Set(tabs.map((basket) => basket.id)).size).toBe(1);

    const petrs = await newBasket();
    const claimed = await t.trpc(petr.token).orders.baskets.claim.mutate({ basketId: petrs.id });
    expect(claimed).toMatchObject({ id: petrs.id, userId: petr.id });
    expect(await t.trpc(petr.token).orders.baskets.claim.mutate({})).toMatchObject({ id: petrs.id });
  });

  it('lists baskets for the admin with filters, sort and paging, and for nobody else', async () => {
    const a = await newBasket();
    await t.rest('PUT', `/baskets/${a.id}`, { body: { orderProducts: [{ variantId: variantOf(shop.mug), quantity: 10 }] } });
    const list = await t.rest<{ rows: BasketSummary[]; length: number }>('GET', '/baskets?minTotalAmount=3500&maxTotalAmount=3500.5&sortBy=totalAmount&orderBy=desc&limit=5', {
      token: shop.adminToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.rows.map((row) => row.id)).toEqual([a.id]);
    expect(list.body.rows[0]).toMatchObject({ totalAmount: 3500, lineCount: 1, totalQuantity: 10, status: 'Active' });
    const paged = await t.rest<{ rows: BasketSummary[]; length: number }>('GET', '/baskets?limit=2&offset=1&status=Active', { token: shop.adminToken });
    expect(paged.body.rows).toHaveLength(2);
    expect(paged.body.length).toBeGreaterThan(3);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await t.rest<{ rows: BasketSummary[]; length: number }>('GET', `/baskets?updatedFrom=${today}&updatedTo=2999-01-01`, { token: shop.adminToken });
    expect(dated.body.length).toBe(paged.body.length);
    expect((await t.rest('GET', '/baskets')).status).toBe(401);
    const user = await signUp(t, 'nosy@shop.test');
    expect((await t.rest('GET', '/baskets', { token: user.token })).status).toBe(403);
  });
});

describe('the REST surface of orders', () => {
  it('documents every /baskets, /wishlists, /addresses and /checkouts REST call', async () => {
    const surface = [
      'GET /addresses', 'POST /addresses', 'POST /addresses/direct', 'GET /addresses/{addressId}', 'PUT /addresses/{addressId}', 'DELETE /addresses/{addressId}',
      'GET /baskets', 'POST /baskets', 'GET /baskets/clear/{basketId}', 'GET /baskets/{basketId}', 'PUT /baskets/{basketId}', 'DELETE /baskets/{basketId}',
      'POST /checkouts/direct', 'GET /checkouts', 'POST /checkouts', 'GET /checkouts/all', 'GET /checkouts/{checkoutId}', 'PUT /checkouts/{checkoutId}', 'DELETE /checkouts/{checkoutId}',
      'GET /wishlists', 'POST /wishlists', 'GET /wishlists/{wishlistId}', 'PUT /wishlists/{wishlistId}', 'DELETE /wishlists/{wishlistId}', 'GET /wishlists/wishlistProducts/{wishlistId}',
    ];
    const document = await t.rest<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json');
    expect(document.status).toBe(200);
    expect(JSON.stringify(document.body.paths['/checkouts/direct'])).toContain('Idempotency-Key');
    for (const line of surface) {
      const [method, path] = line.split(' ') as [string, string];
      expect(Object.keys(document.body.paths[path] ?? {}), line).toContain(method.toLowerCase());
      // Routed to a procedure: never 404 for the path itself, never 5xx.
      const concrete = path.replace(/\{(basketId|wishlistId)\}/, '7d444840-9dc0-11d1-b245-5ffdce74fad2').replace(/\{\w+Id\}/, '1');
      const answer = await t.rest<{ message?: string }>(method, concrete, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
      expect(answer.status, line).toBeLessThan(500);
      if (answer.status === 404) expect(answer.body.message, line).not.toBe('Запрашиваемые данные не найдены.');
    }
  });
});
