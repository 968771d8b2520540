import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '../src/shared/schemas/catalogue.js';
import type { Address, Checkout, CheckoutStats, Wishlist } from '../src/shared/schemas/orders.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, setUpShop, signUp, variantOf, type Shop } from './support/orders-support.js';

/** Addresses and wishlists, whose data is whose, and the admin dashboard's figures. */

let t: TestApp;
let shop: Shop;
let anna: { id: number; token: string };
let petr: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  shop = await setUpShop(t);
  anna = await signUp(t, 'anna.access@shop.test');
  petr = await signUp(t, 'petr.access@shop.test', 'Пётр');
});

afterAll(async () => {
  await t.close();
});

describe('addresses', () => {
  it('are the owner\'s: list with filters, create, get, update, delete; another\'s is refused', async () => {
    const home = await t.rest<Address>('POST', '/addresses', { token: anna.token, body: { firstName: 'Анна', lastName: 'Домашняя', ...delivery } });
    const work = await t.rest<Address>('POST', '/addresses', { token: anna.token, body: { firstName: 'Анна', lastName: 'Рабочая', ...delivery, city: 'Казань', zipCode: '420000' } });
    expect([home.status, work.status]).toEqual([200, 200]);
    expect(home.body).toMatchObject({ userId: anna.id, country: 'Россия', city: 'Москва' });

    const byCity = await t.rest<{ rows: Address[]; length: number }>('GET', '/addresses?city=казань', { token: anna.token });
    expect(byCity.body.rows.map((row) => row.id)).toEqual([work.body.id]);
    const byName = await t.rest<{ rows: Address[]; length: number }>('GET', '/addresses?names=домашн&zipCode=101', { token: anna.token });
    expect(byName.body.rows.map((row) => row.id)).toEqual([home.body.id]);
    const sorted = await t.rest<{ rows: Address[]; length: number }>('GET', '/addresses?sortBy=city&orderBy=desc&limit=1', { token: anna.token });
    expect(sorted.body).toMatchObject({ length: 2, rows: [{ id: home.body.id }] });

    const updated = await t.rest<Address>('PUT', `/addresses/${work.body.id}`, { token: anna.token, body: { firstName: 'Анна', lastName: 'Рабочая', ...delivery, city: 'Тверь' } });
    expect(updated.body.city).toBe('Тверь');
    expect((await t.trpc(anna.token).orders.addresses.get.query({ addressId: work.body.id })).city).toBe('Тверь');

    // Petr sees none of it, whether the address exists or not; nobody signed in gets 401.
    for (const [method, body] of [['GET', undefined], ['PUT', { firstName: 'Пётр', lastName: 'Чужой', ...delivery }], ['DELETE', undefined]] as const) {
      const answer = await t.rest<{ message: string }>(method, `/addresses/${home.body.id}`, { token: petr.token, ...(body ? { body } : {}) });
      expect(answer.status, method).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain('Домашняя');
    }
    expect((await t.rest('GET', '/addresses/999999', { token: petr.token })).status).toBe(403);
    expect((await t.rest('GET', `/addresses?userId=${anna.id}`, { token: petr.token })).status).toBe(403);
    expect((await t.rest<{ rows: Address[] }>('GET', '/addresses', { token: petr.token })).body.rows).toEqual([]);
    expect((await t.rest('GET', '/addresses')).status).toBe(401);
    // Admin reaches anyone's.
    expect((await t.rest<{ length: number }>('GET', `/addresses?userId=${anna.id}`, { token: shop.adminToken })).body.length).toBe(2);

    // A checkout with someone else's address is refused.
    const basket = await t.rest<{ id: string }>('POST', '/baskets', { token: petr.token, body: { orderProducts: [{ variantId: variantOf(shop.mug), quantity: 1 }] } });
    expect(basket.status).toBe(200);
    expect((await t.rest('POST', '/checkouts', { token: petr.token, body: { addressId: home.body.id, phone: guest.phone, consent: true } })).status).toBe(403);

    expect((await t.rest('DELETE', `/addresses/${work.body.id}`, { token: anna.token })).status).toBe(200);
    expect((await t.rest('GET', `/addresses/${work.body.id}`, { token: anna.token })).status).toBe(403);
    const bad = await t.rest<{ message: string }>('POST', '/addresses', { token: anna.token, body: { firstName: 'Анна', lastName: 'Б', ...delivery, zipCode: '!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('zipCode');
  });

  it('keeps one user\'s orders and baskets from another', async () => {
    const order = await t.rest<Checkout>('POST', '/checkouts', {
      token: petr.token,
      body: { phone: guest.phone, address: delivery, oneClick: { variantId: variantOf(shop.mug), quantity: 1 }, consent: true },
    });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ firstName: 'Пётр', email: 'petr.access@shop.test', userId: petr.id });
    expect((await t.rest('GET', `/checkouts/${order.body.id}`, { token: anna.token })).status).toBe(403);
    expect((await t.rest('GET', '/checkouts/999999', { token: anna.token })).status).toBe(403);
    expect((await t.rest('GET', `/checkouts/${order.body.id}`)).status).toBe(401);
    expect((await t.rest<{ rows: Checkout[] }>('GET', '/checkouts', { token: anna.token })).body.rows).toEqual([]);
    expect((await t.rest('DELETE', `/checkouts/${order.body.id}`, { token: petr.token })).status).toBe(403);
    expect((await t.rest('POST', '/checkouts', { body: { phone: guest.phone, address: delivery, consent: true } })).status).toBe(401);
  });
});

describe('wishlists', () => {
  it('create, set, read as catalogue cards in the order added, delete', async () => {
    const created = await t.rest<Wishlist>('POST', '/wishlists', { body: { products: [shop.mug.id] } });
    expect(created.status).toBe(200);
    const put = await t.rest<Wishlist>('PUT', `/wishlists/${created.body.id}`, { body: { products: [shop.jacket.id, shop.withdrawn.id, shop.jacket.id] } });
    expect(put.body.products).toEqual([shop.jacket.id, shop.withdrawn.id]);
    expect((await t.trpc().orders.wishlists.get.query({ wishlistId: created.body.id })).products).toEqual([shop.jacket.id, shop.withdrawn.id]);
    const cards = await t.rest<ProductCard[]>('GET', `/wishlists/wishlistProducts/${created.body.id}`);
    expect(cards.status).toBe(200);
    expect(cards.body.map((card) => [card.name, card.price, card.availability, card.inStock])).toEqual([
      ['Куртка «Север»', 4999.9, true, true],
      ['Снятый товар', 100, false, true],
    ]);
    expect(cards.body[0]?.colors.map((color) => color.name)).toEqual(['Синий', 'Красный']);
    expect((await t.rest('PUT', `/wishlists/${created.body.id}`, { body: { products: [999999] } })).status).toBe(400);
    expect((await t.rest('GET', '/wishlists', { token: shop.adminToken })).status).toBe(200);
    expect((await t.rest('GET', '/wishlists')).status).toBe(401);
    expect((await t.rest('DELETE', `/wishlists/${created.body.id}`)).status).toBe(200);
    expect((await t.rest('GET', `/wishlists/wishlistProducts/${created.body.id}`)).status).toBe(404);

    const annas = await t.rest<Wishlist>('POST', '/wishlists', { token: anna.token, body: {} });
    expect((await t.rest('PUT', `/wishlists/${annas.body.id}`, { token: petr.token, body: { products: [] } })).status).toBe(403);
  });
});

describe('admin dashboard', () => {
  it('counts orders and revenue per day for 30 days, and new orders', async () => {
    const before = await t.trpc(shop.adminToken).orders.checkouts.stats.query();
    const order = await t.trpc().orders.checkouts.direct.mutate({ ...guest, address: delivery, oneClick: { variantId: variantOf(shop.mug), quantity: 2 } });
    const canceled = await t.trpc().orders.checkouts.direct.mutate({ ...guest, address: delivery, oneClick: { variantId: variantOf(shop.mug), quantity: 1 } });
    await t.trpc(shop.adminToken).orders.checkouts.update.mutate({ checkoutId: canceled.id, status: 'Canceled' });
    // An order of 40 days ago is outside the window.
    await t.db.updateTable('checkouts').set({ createdAt: new Date(Date.now() - 40 * 86_400_000) }).where('id', '=', canceled.id).execute();
    const stats: CheckoutStats = await t.trpc(shop.adminToken).orders.checkouts.stats.query();
    expect(stats.days).toHaveLength(30);
    const today = stats.days[29]!;
    const todayBefore = before.days[29]!;
    expect(today.orders - todayBefore.orders).toBe(1);
    expect(Math.round((today.revenue - todayBefore.revenue) * 100)).toBe(Math.round(order.totalAmount * 100));
    expect(stats.newOrders - before.newOrders).toBe(1);
    expect(stats.byStatus.Canceled - before.byStatus.Canceled).toBe(1);
    expect(stats.orders30).toBe(stats.days.reduce((sum, day) => sum + day.orders, 0));
    await expect(t.trpc(anna.token).orders.checkouts.stats.query()).rejects.toMatchObject({ data: { httpStatus: 403 } });
  });
});
