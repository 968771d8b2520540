import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '../src/shared/order-messages.js';
import type { Basket, Checkout } from '../src/shared/schemas/orders.js';
import { waitForLetters } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, restWith, setUpShop, signUp, variantOf, type Shop } from './support/orders-support.js';

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await startTestApp();
  shop = await setUpShop(t);
});

afterAll(async () => {
  await t.close();
});

/** The stock of one colour and size, by the item's article. */
async function stockOf(article: string): Promise<number> {
  const row = await t.db.selectFrom('variantItems').select('stock').where('article', '=', article).executeTakeFirstOrThrow();
  return row.stock;
}

async function basketWith(lines: Array<{ variantId: number; sizeId?: number; quantity: number }>, token?: string): Promise<string> {
  const basket = await t.rest<Basket>('POST', '/baskets', { body: {}, ...(token ? { token } : {}) });
  const put = await t.rest<Basket>('PUT', `/baskets/${basket.body.id}`, { body: { orderProducts: lines }, ...(token ? { token } : {}) });
  expect(put.status).toBe(200);
  return basket.body.id;
}

describe('checkout', () => {
  it('guest basket → sign in → merge → checkout → letter → New → InDelivery → Completed', async () => {
    const guestBasket = await basketWith([{ variantId: variantOf(shop.jacket), sizeId: shop.sizes.s48, quantity: 2 }]);
    const anna = await signUp(t, 'anna.flow@shop.test');
    const mine = await t.trpc(anna.token).orders.baskets.claim.mutate({ basketId: guestBasket });
    expect(mine?.userId).toBe(anna.id);
    const address = await t.rest<{ id: number }>('POST', '/addresses', { token: anna.token, body: { firstName: 'Анна', lastName: 'Иванова', ...delivery } });
    expect(address.status).toBe(200);
    const first = await t.rest<{ rows: Array<{ id: number }> }>('GET', '/addresses?limit=1', { token: anna.token });
    expect(first.body.rows.map((row) => row.id)).toEqual([address.body.id]);

    const placed = await restWith<Checkout>(t, 'POST', '/checkouts', {
      token: anna.token,
      headers: { 'idempotency-key': 'flow-order-00001' },
      body: { addressId: address.body.id, phone: '+7 900 000-00-01', comment: 'Позвонить за час', totalAmount: 1, consent: true },
    });
    expect(placed.status).toBe(200);
    const order = placed.body;
    expect(order).toMatchObject({ status: 'New', userId: anna.id, basketId: mine?.id, lastName: 'Иванова', email: 'anna.flow@shop.test', city: 'Москва', totalAmount: 9999.8, totalQuantity: 2 });
    expect(order.lines).toEqual([
      expect.objectContaining({ name: 'Куртка «Север»', article: 'SEV-BLUE/48', color: 'Синий', size: '48', quantity: 2, price: 4999.9, lineTotal: 9999.8, image: 'sever-blue.webp' }),
    ]);
    expect(order.history.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([[null, 'New']]);
    expect(await stockOf('SEV-BLUE/48')).toBe(3);
    // The other size of the colour is untouched.
    expect(await stockOf('SEV-BLUE/50')).toBe(5);
    const basket = await t.rest<Basket>('GET', `/baskets/${mine?.id}`, { token: anna.token });
    expect(basket.body.status).toBe('Ordered');
    const change = await t.rest<{ message: string }>('PUT', `/baskets/${mine?.id}`, { token: anna.token, body: { orderProducts: [] } });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe(orderMessages.basketOrdered);

    const [letter] = await waitForLetters(t.db, 'anna.flow@shop.test', 2);
    const orderLetter = (await waitForLetters(t.db, 'anna.flow@shop.test', 2)).find((item) => item.subject.includes(`№ ${order.id}`));
    expect(letter).toBeDefined();
    expect(orderLetter?.subject).toBe(`Заказ № ${order.id} принят`);
    expect(orderLetter?.text).toContain('Куртка «Север» (Синий, размер 48), арт. SEV-BLUE/48 — 2 × 4');
    expect(orderLetter?.text).toMatch(/Итого: 9\s999,8\s₽/);

    // Own orders over REST and tRPC.
    const own = await t.rest<{ rows: Checkout[]; length: number }>('GET', '/checkouts?limit=1000', { token: anna.token });
    expect(own.body.rows.map((row) => row.id)).toEqual([order.id]);
    expect((await t.trpc(anna.token).orders.checkouts.get.query({ checkoutId: order.id })).totalAmount).toBe(9999.8);

    for (const status of ['InDelivery', 'Completed'] as const) {
      const moved = await t.rest<Checkout>('PUT', `/checkouts/${order.id}`, { token: shop.adminToken, body: { status } });
      expect(moved.status).toBe(200);
      expect(moved.body.status).toBe(status);
    }
    const letters = await waitForLetters(t.db, 'anna.flow@shop.test', 4);
    expect(letters.map((item) => item.subject).slice(-2)).toEqual([`Заказ № ${order.id}: доставляется`, `Заказ № ${order.id}: завершён`]);
    const detail = await t.rest<Checkout>('GET', `/checkouts/${order.id}`, { token: shop.adminToken });
    expect(detail.body.history.map((entry) => entry.toStatus)).toEqual(['New', 'InDelivery', 'Completed']);

    const refused = await t.rest<{ message: string }>('PUT', `/checkouts/${order.id}`, { token: shop.adminToken, body: { status: 'New' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Нельзя перевести заказ из статуса «Завершён» в статус «Новый».');
    expect((await t.rest('PUT', `/checkouts/${order.id}`, { token: anna.token, body: { status: 'Canceled' } })).status).toBe(403);
    expect((await t.rest('GET', '/checkouts/all', { token: anna.token })).status).toBe(403);
  });

  it('answers the same order to a repeated submit with the same Idempotency-Key', async () => {
    const basketId = await basketWith([{ variantId: variantOf(shop.mug), quantity: 1 }]);
    const body = { basketId, ...guest, address: delivery };
    const headers = { 'idempotency-key': 'repeat-key-00001' };
    const [one, two] = await Promise.all([restWith<Checkout>(t, 'POST', '/checkouts/direct', { body, headers }), restWith<Checkout>(t, 'POST', '/checkouts/direct', { body, headers })]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(two.body.id).toBe(one.body.id);
    const three = await restWith<Checkout>(t, 'POST', '/checkouts/direct', { body, headers });
    expect(three.body.id).toBe(one.body.id);
    expect(await t.db.selectFrom('checkouts').select('id').where('idempotencyKey', '=', 'repeat-key-00001').execute()).toHaveLength(1);
    // The same key from someone else is their own new order, never the guest's.
    const other = await signUp(t, 'other.key@shop.test');
    const theirs = await restWith<Checkout>(t, 'POST', '/checkouts', {
      token: other.token,
      headers,
      body: { phone: guest.phone, address: delivery, oneClick: { variantId: variantOf(shop.mug) }, consent: true },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(one.body.id);
    expect(theirs.body).toMatchObject({ userId: other.id, email: other.email });
    // tRPC carries the key in the input.
    const trpcBasket = await basketWith([{ variantId: variantOf(shop.mug), quantity: 1 }]);
    const input = { basketId: trpcBasket, ...guest, address: delivery, idempotencyKey: 'trpc-key-0000001' };
    const a = await t.trpc().orders.checkouts.direct.mutate(input);
    const b = await t.trpc().orders.checkouts.direct.mutate(input);
    expect(b.id).toBe(a.id);
  });

  it('cancelling returns the stock; a price change later leaves the order alone', async () => {
    const before = await stockOf('SEV-RED/50');
    const order = await t.trpc().orders.checkouts.direct.mutate({
      ...guest,
      oneClick: { variantId: variantOf(shop.jacket, 1), sizeId: shop.sizes.s50, quantity: 2 },
      address: delivery,
    });
    expect(order).toMatchObject({ oneClick: true, basketId: null, totalAmount: 10998 });
    expect(await stockOf('SEV-RED/50')).toBe(before - 2);
    const product = await t.rest<{ inStock: boolean; version: number }>('GET', `/products/${shop.jacket.id}`);
    expect(product.body.inStock).toBe(true);

    const jacket = await t.rest<typeof shop.jacket>('GET', `/products/${shop.jacket.id}`);
    const variants = jacket.body.variants.map((variant) => ({ id: variant.id, article: variant.article, colorId: variant.color?.id ?? null, price: variant.price * 2, stock: variant.stock, images: variant.images }));
    const repriced = await t.rest('PUT', `/products/${shop.jacket.id}`, { token: shop.adminToken, body: { name: 'Куртка «Север»', url: 'kurtka-sever', sizes: [shop.sizes.s48, shop.sizes.s50], variants } });
    expect(repriced.status).toBe(200);
    const kept = await t.rest<Checkout>('GET', `/checkouts/${order.id}`, { token: shop.adminToken });
    expect(kept.body.totalAmount).toBe(10998);
    expect(kept.body.lines[0]?.price).toBe(5499);

    const canceled = await t.rest<Checkout>('PUT', `/checkouts/${order.id}`, { token: shop.adminToken, body: { status: 'Canceled' } });
    expect(canceled.status).toBe(200);
    expect(await stockOf('SEV-RED/50')).toBe(before);
    const again = await t.rest<{ message: string }>('PUT', `/checkouts/${order.id}`, { token: shop.adminToken, body: { status: 'Canceled' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('Отменён');
    await waitForLetters(t.db, guest.email, 1);
  });

  it('refuses what cannot be ordered, naming the item, and leaves nothing behind', async () => {
    const orders = await t.db.selectFrom('checkouts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const short = await t.rest<{ message: string }>('POST', '/checkouts/direct', {
      body: { ...guest, address: delivery, oneClick: { variantId: variantOf(shop.mug), quantity: 20 } },
    });
    expect(short.status).toBe(409);
    expect(short.body.message).toMatch(/^Недостаточно товара на складе: Кружка \(в наличии \d+\)$/);
    const basketId = await basketWith([{ variantId: variantOf(shop.mug), quantity: 1 }, { variantId: variantOf(shop.withdrawn), quantity: 1 }]);
    const withdrawn = await t.rest<{ message: string }>('POST', '/checkouts/direct', { body: { ...guest, basketId, address: delivery } });
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.message).toBe(`${orderMessages.unavailable}Снятый товар`);
    expect((await t.rest<Basket>('GET', `/baskets/${basketId}`)).body.status).toBe('Active');
    const after = await t.db.selectFrom('checkouts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(orders.n);
    const noSize = await t.rest<{ message: string }>('POST', '/checkouts/direct', { body: { ...guest, address: delivery, oneClick: { variantId: variantOf(shop.jacket) } } });
    expect(noSize.status).toBe(400);
    const both = await t.rest('POST', '/checkouts/direct', { body: { ...guest, address: delivery, basketId, oneClick: { variantId: variantOf(shop.mug) } } });
    expect(both.status).toBe(400);
    const noAddress = await t.rest('POST', '/checkouts/direct', { body: { ...guest, basketId } });
    expect(noAddress.status).toBe(400);
    const empty = await basketWith([]);
    expect((await t.rest('POST', '/checkouts/direct', { body: { ...guest, basketId: empty, address: delivery } })).status).toBe(400);
  });

  it('takes a direct address once, and staff orders by phone', async () => {
    const address = await t.rest<{ id: number; userId: number | null; addressToken: string }>('POST', '/addresses/direct', { body: { ...delivery, firstName: 'Ольга', lastName: 'Гостева' } });
    expect(address.status).toBe(200);
    expect(address.body.userId).toBeNull();
    expect((await t.rest('GET', `/addresses/${address.body.id}`)).status).toBe(401);
    const basketId = await basketWith([{ variantId: variantOf(shop.mug), quantity: 1 }]);
    const mine = { addressId: address.body.id, addressToken: address.body.addressToken };
    const placed = await t.rest<Checkout>('POST', '/checkouts/direct', { body: { ...guest, basketId, ...mine } });
    expect(placed.status).toBe(200);
    expect(placed.body.address).toBe(delivery.address);
    const reused = await t.rest('POST', '/checkouts/direct', { body: { ...guest, oneClick: { variantId: variantOf(shop.mug) }, ...mine } });
    expect(reused.status).toBe(409);

    const staff = await t.trpc(shop.adminToken).orders.checkouts.createByStaff.mutate({ ...guest, address: delivery, items: [{ variantId: variantOf(shop.mug), quantity: 2 }] });
    expect(staff).toMatchObject({ status: 'New', totalAmount: 700, userId: null });
    const all = await t.rest<{ rows: Checkout[]; length: number }>('GET', `/checkouts/all?customer=${encodeURIComponent('гостева')}&status=New&limit=100`, { token: shop.adminToken });
    expect(all.body.rows.map((row) => row.id)).toContain(staff.id);
    expect((await t.rest('DELETE', `/checkouts/${staff.id}`, { token: shop.adminToken })).status).toBe(200);
    expect((await t.rest('GET', `/checkouts/${staff.id}`, { token: shop.adminToken })).status).toBe(404);
  });
});
