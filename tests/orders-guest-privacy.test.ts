import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '../src/shared/order-messages.js';
import type { Basket, Checkout, DirectAddress } from '../src/shared/schemas/orders.js';
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

const victimAddress = { firstName: 'Вера', lastName: 'Тайная', address: 'ул. Секретная, д. 7, кв. 13', city: 'Тверь', country: 'Россия', zipCode: '170000' };

async function guestBasket(): Promise<string> {
  const basket = await t.rest<Basket>('POST', '/baskets', { body: { orderProducts: [{ variantId: variantOf(shop.mug), quantity: 1 }] } });
  expect(basket.status).toBe(200);
  return basket.body.id;
}

function expectNothingOf(body: unknown, address: typeof victimAddress): void {
  const text = JSON.stringify(body);
  for (const secret of [address.address, address.city, address.zipCode, address.lastName]) expect(text).not.toContain(secret);
}

describe("a guest's address", () => {
  it('is reached only with the token its creator received; anyone else gets 404 and learns nothing', async () => {
    const saved = await t.rest<DirectAddress>('POST', '/addresses/direct', { body: victimAddress });
    expect(saved.status).toBe(200);
    expect(saved.body.addressToken.length).toBeGreaterThanOrEqual(40);
    const stored = await t.db.selectFrom('addresses').select('tokenHash').where('id', '=', saved.body.id).executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(saved.body.addressToken);

    // Someone who guessed the sequential id: without the token, or with a wrong one.
    for (const credentials of [{}, { addressToken: 'x'.repeat(43) }, { addressToken: `${saved.body.addressToken.slice(0, -1)}${saved.body.addressToken.endsWith('A') ? 'B' : 'A'}` }]) {
      const stolen = await t.rest<{ statusCode: number; message: string }>('POST', '/checkouts/direct', {
        body: { ...guest, basketId: await guestBasket(), addressId: saved.body.id, ...credentials },
      });
      expect(stolen.status).toBe(404);
      expect(stolen.body.message).toBe(orderMessages.addressNotFound);
      expectNothingOf(stolen.body, victimAddress);
    }

    // The owner's own checkout still works: the attempts did not use the address up.
    const own = await t.rest<Checkout>('POST', '/checkouts/direct', {
      body: { ...guest, basketId: await guestBasket(), addressId: saved.body.id, addressToken: saved.body.addressToken },
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ address: victimAddress.address, city: victimAddress.city, zipCode: victimAddress.zipCode });
  });

  it("of an account is not a guest's to use either", async () => {
    const anna = await signUp(t, 'anna.private@shop.test');
    const hers = await t.rest<{ id: number }>('POST', '/addresses', { token: anna.token, body: victimAddress });
    expect(hers.status).toBe(200);
    const stolen = await t.rest<{ message: string }>('POST', '/checkouts/direct', { body: { ...guest, basketId: await guestBasket(), addressId: hers.body.id } });
    expect(stolen.status).toBe(404);
    expectNothingOf(stolen.body, victimAddress);
  });
});

describe('an idempotency key', () => {
  it("answers a guest's repeat with their order, and another guest's same key with their own new order", async () => {
    const key = 'shared-key-0000000001';
    const first = { ...guest, basketId: await guestBasket(), address: delivery };
    const placed = await restWith<Checkout>(t, 'POST', '/checkouts/direct', { headers: { 'idempotency-key': key }, body: first });
    expect(placed.status).toBe(200);
    expect((await restWith<Checkout>(t, 'POST', '/checkouts/direct', { headers: { 'idempotency-key': key }, body: first })).body.id).toBe(placed.body.id);

    const stranger = { firstName: 'Пётр', lastName: 'Чужой', email: 'petr@stranger.test', phone: '+7 901 000-00-00', consent: true, basketId: await guestBasket(), address: victimAddress };
    const theirs = await restWith<Checkout>(t, 'POST', '/checkouts/direct', { headers: { 'idempotency-key': key }, body: stranger });
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(placed.body.id);
    expect(theirs.body).toMatchObject({ email: stranger.email, lastName: stranger.lastName });
  });

  it('with a different request is refused with 422 and never answers the earlier order', async () => {
    const key = 'one-click-key-000000001';
    const oneClick = { ...guest, address: delivery, oneClick: { variantId: variantOf(shop.mug), quantity: 1 } };
    const placed = await restWith<Checkout>(t, 'POST', '/checkouts/direct', { headers: { 'idempotency-key': key }, body: oneClick });
    expect(placed.status).toBe(200);
    // Another guest (or a mistaken client) sends the same key with another body.
    const other = await restWith<{ message: string }>(t, 'POST', '/checkouts/direct', {
      headers: { 'idempotency-key': key },
      body: { ...oneClick, firstName: 'Пётр', email: 'petr@stranger.test', phone: '+7 901 000-00-00' },
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(orderMessages.idempotencyReused);
    expect(JSON.stringify(other.body)).not.toContain(guest.email);
    // The same basket with the same key but another phone: also a different request.
    const basketId = await guestBasket();
    const withBasket = { ...guest, basketId, address: delivery };
    expect((await t.trpc().orders.checkouts.direct.mutate({ ...withBasket, idempotencyKey: 'basket-key-00000000001' })).basketId).toBe(basketId);
    await expect(t.trpc().orders.checkouts.direct.mutate({ ...withBasket, phone: '+7 902 000-00-00', idempotencyKey: 'basket-key-00000000001' })).rejects.toMatchObject({
      message: orderMessages.idempotencyReused,
    });
  });

  it('is at least 16 characters and at most 200', async () => {
    for (const key of ['a', 'short-key-15chr', 'x'.repeat(201)]) {
      const refused = await restWith<{ message: string }>(t, 'POST', '/checkouts/direct', {
        headers: { 'idempotency-key': key },
        body: { ...guest, address: delivery, oneClick: { variantId: variantOf(shop.mug) } },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/Idempotency-Key/);
    }
    const body = await t.rest<{ message: string }>('POST', '/checkouts/direct', { body: { ...guest, address: delivery, oneClick: { variantId: variantOf(shop.mug) }, idempotencyKey: 'abc' } });
    expect(body.status).toBe(400);
    expect(body.body.message).toMatch(/idempotencyKey/);
  });
});
