import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/shared/schemas/catalogue.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, setUpShop, variantOf, type Shop } from './support/orders-support.js';

/** Never oversell: many buyers at once, on PGlite and on PostgreSQL (a real pool of connections). */

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await startTestApp();
  shop = await setUpShop(t);
});

afterAll(async () => {
  await t.close();
});

async function product(name: string, url: string, stock: number): Promise<Product> {
  const created = await t.rest<Product>('POST', '/products', { token: shop.adminToken, body: { name, url, variants: [{ article: url.toUpperCase(), price: 990, stock }] } });
  expect(created.status).toBe(200);
  return created.body;
}

async function stockOf(article: string): Promise<number> {
  return (await t.db.selectFrom('productVariants').select('stock').where('article', '=', article).executeTakeFirstOrThrow()).stock;
}

describe('concurrent checkouts', () => {
  it('sells the last unit once: 50 buyers, one order, 49 clear refusals, no 5xx', async () => {
    const item = await product('Редкая ваза', 'redkaya-vaza', 1);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        t.rest<{ id?: number; message?: string }>('POST', '/checkouts/direct', {
          body: { ...guest, email: `buyer${index}@race.test`, address: delivery, oneClick: { variantId: variantOf(item), quantity: 1 } },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refusals = answers.filter((answer) => answer.status === 409);
    expect(refusals).toHaveLength(49);
    for (const refusal of refusals) expect(refusal.body.message).toBe('Недостаточно товара на складе: Редкая ваза (в наличии 0)');
    expect(await stockOf('REDKAYA-VAZA')).toBe(0);
    const orders = await t.db.selectFrom('checkoutLines').select('checkoutId').where('article', '=', 'REDKAYA-VAZA').execute();
    expect(orders).toHaveLength(1);
    const card = await t.rest<{ inStock: boolean }>('GET', `/products/${item.id}`);
    expect(card.body.inStock).toBe(false);
  });

  it('never deadlocks when orders take the same items in opposite order', async () => {
    const x = await product('Товар Икс', 'tovar-iks', 10);
    const y = await product('Товар Игрек', 'tovar-igrek', 10);
    const lines = [
      { variantId: variantOf(x), quantity: 1 },
      { variantId: variantOf(y), quantity: 1 },
    ];
    const baskets = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const basket = await t.rest<{ id: string }>('POST', '/baskets', { body: {} });
        const ordered = index % 2 ? [...lines].reverse() : lines;
        expect((await t.rest('PUT', `/baskets/${basket.body.id}`, { body: { orderProducts: ordered } })).status).toBe(200);
        return basket.body.id;
      }),
    );
    const answers = await Promise.all(
      baskets.map((basketId) => t.rest<{ message?: string }>('POST', '/checkouts/direct', { body: { ...guest, basketId, address: delivery } })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    expect(await stockOf('TOVAR-IKS')).toBe(0);
    expect(await stockOf('TOVAR-IGREK')).toBe(0);
  });

  it('cancels and buys at once without losing a unit', async () => {
    const item = await product('Чайник', 'chajnik', 3);
    const placed = await Promise.all(
      Array.from({ length: 3 }, () => t.trpc().orders.checkouts.direct.mutate({ ...guest, address: delivery, oneClick: { variantId: variantOf(item), quantity: 1 } })),
    );
    const traffic = await Promise.all([
      ...placed.map((order) => t.rest('PUT', `/checkouts/${order.id}`, { token: shop.adminToken, body: { status: 'Canceled' } })),
      ...Array.from({ length: 6 }, () => t.rest('POST', '/checkouts/direct', { body: { ...guest, address: delivery, oneClick: { variantId: variantOf(item), quantity: 1 } } })),
    ]);
    expect(traffic.filter((answer) => answer.status >= 500)).toEqual([]);
    const bought = traffic.slice(3).filter((answer) => answer.status === 200).length;
    expect(await stockOf('CHAJNIK')).toBe(3 - bought);
  });
});
