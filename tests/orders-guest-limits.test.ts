import * as linkify from 'linkifyjs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusMessages } from '../src/shared/errors.js';
import { orderMessages } from '../src/shared/order-messages.js';
import type { Product } from '../src/shared/schemas/catalogue.js';
import type { Basket, Checkout } from '../src/shared/schemas/orders.js';
import { purgeExpired } from '../src/server/services/platform/housekeeping.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, restWith, setUpShop, signUp, variantOf, type Shop } from './support/orders-support.js';

/** Small limits, so that each can be met in a few requests (README → Configuration, guest limits). */
const limits = {
  GUEST_ORDERS_PER_IP_PER_HOUR: '4',
  GUEST_ORDERS_PER_EMAIL_PER_HOUR: '3',
  GUEST_RECORDS_PER_IP_PER_HOUR: '5',
  ORDER_LETTERS_PER_ADDRESS_PER_HOUR: '2',
  MAX_UNITS_PER_LINE: '5',
  MAX_UNITS_PER_GUEST_ORDER: '6',
  MAX_OPEN_GUEST_UNITS: '8',
};

let t: TestApp;
let shop: Shop;
let plenty: number;

beforeAll(async () => {
  t = await startTestApp(limits);
  shop = await setUpShop(t);
  const product = await t.rest<Product>('POST', '/products', { token: shop.adminToken, body: { name: 'Носки', url: 'noski', variants: [{ article: 'SOCKS-1', price: 99, stock: 1000 }] } });
  plenty = variantOf(product.body);
});

afterAll(async () => {
  await t.close();
});

let lastIp = 0;
/** Each scenario comes from its own address, so the per-IP counts do not mix. */
const newIp = () => `198.51.100.${++lastIp}`;

function direct(ip: string, body: Record<string, unknown>) {
  return restWith<Checkout & { message: string }>(t, 'POST', '/checkouts/direct', { headers: { 'x-forwarded-for': ip }, body });
}
let lastPhone = 0;
/** A one-click order of the plentiful item; each by its own phone unless one is given. */
const oneClick = (quantity: number, who: Partial<typeof guest> = {}) => ({
  ...guest,
  phone: `+7 912 000-${String(++lastPhone).padStart(4, '0')}`,
  ...who,
  address: delivery,
  oneClick: { variantId: plenty, quantity },
});

async function stockOfPlenty(): Promise<number> {
  return (await t.db.selectFrom('productVariants').select('stock').where('id', '=', plenty).executeTakeFirstOrThrow()).stock;
}

describe('guest checkouts', () => {
  it('let a real shopper place three orders in a row, then stop the e-mail and the IP', async () => {
    const ip = newIp();
    const email = 'three.orders@guest.test';
    for (let n = 0; n < 3; n += 1) expect((await direct(ip, oneClick(1, { email }))).status).toBe(200);
    const fourth = await direct(ip, oneClick(1, { email }));
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(orderMessages.tooManyOrdersForEmail);
    // The same IP with other addresses: four orders an hour from one IP, then the catalogue's 429.
    expect((await direct(ip, oneClick(1, { email: 'other.one@guest.test' }))).status).toBe(200);
    const fifth = await direct(ip, oneClick(1, { email: 'other.two@guest.test' }));
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(statusMessages[429]);
    // Another IP is not affected.
    expect((await direct(newIp(), oneClick(1, { email: 'elsewhere@guest.test' }))).status).toBe(200);
  });

  it('cannot take more units than a line, an order and the open orders of one IP, e-mail or phone may hold', async () => {
    const before = await stockOfPlenty();
    const line = await direct(newIp(), oneClick(6));
    expect(line.status).toBe(400);
    expect(line.body.message).toBe(orderMessages.tooManyUnitsPerLine(5));
    const schemaMax = await direct(newIp(), oneClick(21));
    expect(schemaMax.status).toBe(400);
    const basket = await t.rest<Basket>('POST', '/baskets', { body: { orderProducts: [{ variantId: plenty, quantity: 4 }, { variantId: variantOf(shop.mug), quantity: 3 }] } });
    expect(basket.status).toBe(200);
    const order = await direct(newIp(), { ...guest, email: 'big.basket@guest.test', basketId: basket.body.id, address: delivery });
    expect(order.status).toBe(400);
    expect(order.body.message).toBe(orderMessages.tooManyUnitsPerGuestOrder(6));
    expect(await stockOfPlenty()).toBe(before);

    // Open (not yet shipped) guest orders hold at most 8 units per network, e-mail or phone.
    const ip = newIp();
    const held = await direct(ip, oneClick(5, { email: 'holder@guest.test', phone: '+7 911 111-11-11' }));
    expect(held.status).toBe(200);
    const sameIp = await direct(ip, oneClick(4, { email: 'holder.two@guest.test', phone: '+7 911 222-22-22' }));
    expect(sameIp.status).toBe(429);
    expect(sameIp.body.message).toBe(orderMessages.tooManyOpenGuestUnits);
    expect((await direct(newIp(), oneClick(4, { email: 'HOLDER@guest.test', phone: '+7 911 333-33-33' }))).status).toBe(429);
    expect((await direct(newIp(), oneClick(4, { email: 'holder.three@guest.test', phone: '+7 (911) 111 11 11' }))).status).toBe(429);
    expect((await direct(ip, oneClick(3, { email: 'holder.two@guest.test', phone: '+7 911 222-22-22' }))).status).toBe(200);
    expect(await stockOfPlenty()).toBe(before - 8);
    // Once staff ship the order it no longer counts as held.
    const moved = await t.rest('PUT', `/checkouts/${held.body.id}`, { token: shop.adminToken, body: { status: 'InDelivery' } });
    expect(moved.status).toBe(200);
    expect((await direct(ip, oneClick(4, { email: 'holder.four@guest.test', phone: '+7 911 444-44-44' }))).status).toBe(200);
  });

  it('hold at most their share when one network sends many orders at the same instant', async () => {
    const ip = newIp();
    const before = await stockOfPlenty();
    // Four get past the IP's hourly count (GUEST_ORDERS_PER_IP_PER_HOUR); of those, one fits the hold.
    const answers = await Promise.all(Array.from({ length: 4 }, (_unused, n) => direct(ip, oneClick(5, { email: `same.instant.${n}@guest.test` }))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.message)).toEqual(Array(3).fill(orderMessages.tooManyOpenGuestUnits));
    expect(await stockOfPlenty()).toBe(before - 5);
  });

  it('limit the units of a basket line for everyone, and the hold only for guests', async () => {
    const anna = await signUp(t, 'anna.limits@shop.test');
    const basket = await t.rest<Basket>('POST', '/baskets', { token: anna.token, body: {} });
    const tooMany = await t.rest<{ message: string }>('PUT', `/baskets/${basket.body.id}`, { token: anna.token, body: { orderProducts: [{ variantId: plenty, quantity: 3 }, { variantId: plenty, quantity: 3 }] } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(orderMessages.tooManyUnitsPerLine(5));
    const lines = [{ variantId: plenty, quantity: 5 }, { variantId: variantOf(shop.mug), quantity: 5 }];
    expect((await t.rest('PUT', `/baskets/${basket.body.id}`, { token: anna.token, body: { orderProducts: lines } })).status).toBe(200);
    const placed = await t.rest<Checkout>('POST', '/checkouts', { token: anna.token, body: { basketId: basket.body.id, phone: guest.phone, address: delivery, consent: true } });
    expect(placed.status).toBe(200);
    expect(placed.body.totalQuantity).toBe(10);
  });
});

describe('guest records', () => {
  it('are limited per IP and hour: baskets, wishlists and addresses each', async () => {
    for (const [path, body] of [
      ['/baskets', {}],
      ['/wishlists', {}],
      ['/addresses/direct', { firstName: 'Ольга', lastName: 'Гостева', ...delivery }],
    ] as const) {
      const ip = newIp();
      for (let n = 0; n < 5; n += 1) expect((await restWith(t, 'POST', path, { headers: { 'x-forwarded-for': ip }, body })).status).toBe(200);
      const refused = await restWith<{ message: string }>(t, 'POST', path, { headers: { 'x-forwarded-for': ip }, body });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(statusMessages[429]);
      expect((await restWith(t, 'POST', path, { headers: { 'x-forwarded-for': newIp() }, body })).status).toBe(200);
    }
  });

  it('that nobody used are purged; what is in use stays', async () => {
    const empty = await t.rest<Basket>('POST', '/baskets', { body: {} });
    const idle = await t.rest<Basket>('POST', '/baskets', { body: { orderProducts: [{ variantId: plenty, quantity: 1 }] } });
    const fresh = await t.rest<Basket>('POST', '/baskets', { body: {} });
    const wishlist = await t.rest<{ id: string }>('POST', '/wishlists', { body: {} });
    const address = await t.rest<{ id: number }>('POST', '/addresses/direct', { body: { firstName: 'Ольга', lastName: 'Гостева', ...delivery } });
    const anna = await signUp(t, 'anna.purge@shop.test');
    const hers = await t.rest<Basket>('POST', '/baskets', { token: anna.token, body: {} });
    await sql`update baskets set updated_at = now() - interval '2 days' where id in (${empty.body.id}, ${hers.body.id})`.execute(t.db);
    await sql`update baskets set updated_at = now() - interval '31 days' where id = ${idle.body.id}`.execute(t.db);
    await sql`update wishlists set updated_at = now() - interval '91 days' where id = ${wishlist.body.id}`.execute(t.db);
    await sql`update addresses set created_at = now() - interval '3 days' where id = ${address.body.id}`.execute(t.db);

    const report = await purgeExpired(t.db);
    expect(report.guestBaskets).toBeGreaterThanOrEqual(2);
    expect(report.guestWishlists).toBeGreaterThanOrEqual(1);
    expect(report.guestAddresses).toBeGreaterThanOrEqual(1);
    const baskets = await t.db.selectFrom('baskets').select('id').where('id', 'in', [empty.body.id, idle.body.id, fresh.body.id, hers.body.id]).execute();
    expect(baskets.map((row) => row.id).sort()).toEqual([fresh.body.id, hers.body.id].sort());
    expect(await t.db.selectFrom('wishlists').select('id').where('id', '=', wishlist.body.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('addresses').select('id').where('id', '=', address.body.id).execute()).toEqual([]);
  });
});

describe('order letters', () => {
  it('never carry a link the guest wrote', async () => {
    const email = 'links@guest.test';
    const placed = await direct(newIp(), {
      ...guest,
      email,
      phone: '+7 913 000-00-01',
      address: { address: 'ул. Ленина, 1, evil.example.com/login и www.phish.ru', city: 'http://evil.ru', country: 'Россия', zipCode: '101000' },
      oneClick: { variantId: plenty, quantity: 1 },
    });
    expect(placed.status).toBe(200);
    const letter = await t.db.selectFrom('mailOutbox').select(['text', 'html']).where('recipient', '=', email).executeTakeFirstOrThrow();
    // A guest's letter links to the order's own status page, nothing else.
    const shopLink = placed.body.statusUrl ?? '';
    expect(shopLink).toMatch(new RegExp(`^${t.config.publicUrl}/order/[A-Za-z0-9_-]{43}$`));
    const visibleHtml = letter.html.replace(/<[^>]*>/g, ' ');
    for (const text of [letter.text, visibleHtml]) {
      const links = linkify.find(text).map((link) => link.href);
      expect(links.every((href) => href === shopLink)).toBe(true);
      expect(text).toContain('Ленина');
    }
    expect([...letter.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual([shopLink]);
  });

  it('go to one address at most as often as the hour allows; the orders stand', async () => {
    const email = 'many.letters@guest.test';
    for (let n = 0; n < 3; n += 1) expect((await direct(newIp(), oneClick(1, { email }))).status).toBe(200);
    const orders = await t.db.selectFrom('checkouts').select('id').where('email', '=', email).execute();
    const letters = await t.db.selectFrom('mailOutbox').select('id').where('recipient', '=', email).execute();
    expect(orders).toHaveLength(3);
    expect(letters).toHaveLength(2);
  });
});
