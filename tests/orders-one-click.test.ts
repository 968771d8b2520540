import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentMessage } from '../src/shared/schemas/consent.js';
import type { OrderByLink } from '../src/shared/schemas/one-click.js';
import type { Checkout } from '../src/shared/schemas/orders.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { waitForLetters } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, restWith, setUpShop, signUp, variantOf, type Shop } from './support/orders-support.js';

/** One-click order in one step, the call-back marking and the order's own status link (docs/orders.md). */

const limits = { GUEST_ORDERS_PER_IP_PER_HOUR: '3', MAX_UNITS_PER_GUEST_ORDER: '6', MAX_OPEN_GUEST_UNITS: '8' };

let t: TestApp;
let shop: Shop;
let plenty: number;

beforeAll(async () => {
  t = await startTestApp(limits);
  shop = await setUpShop(t);
  const product = await t.rest<{ variants: Array<{ id: number }> }>('POST', '/products', {
    token: shop.adminToken,
    body: { name: 'Носки', url: 'noski', variants: [{ article: 'SOCKS-1', price: 99, stock: 1000 }] },
  });
  plenty = product.body.variants[0]?.id ?? 0;
});

afterAll(async () => {
  await t.close();
});

let lastIp = 0;
/** Each scenario from its own address, so the per-IP counts do not mix. */
const newIp = () => `203.0.113.${++lastIp}`;
let lastPhone = 0;
const newPhone = () => `+7 913 000-${String(++lastPhone).padStart(4, '0')}`;

type Answer = Checkout & { message: string };

function oneClick(body: Record<string, unknown>, options: { ip?: string; token?: string; key?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? newIp() };
  if (options.key) headers['idempotency-key'] = options.key;
  return restWith<Answer>(t, 'POST', '/checkouts/one-click', { headers, body, ...(options.token ? { token: options.token } : {}) });
}

const mugOrder = (extra: Record<string, unknown> = {}) => ({ variantId: variantOf(shop.mug), firstName: 'Ольга', phone: newPhone(), consent: true, ...extra });

async function stockOf(article: string): Promise<number> {
  return (await t.db.selectFrom('variantItems').select('stock').where('article', '=', article).executeTakeFirstOrThrow()).stock;
}

const tokenOf = (statusUrl: string | undefined): string => /\/order\/([A-Za-z0-9_-]{43})$/.exec(statusUrl ?? '')?.[1] ?? '';

describe('one-click order in one step', () => {
  it('a guest orders with a name and a phone only: stock taken, waits for a call, a status link, no letter', async () => {
    const before = await stockOf('MUG-1');
    const placed = await oneClick(mugOrder({ quantity: 2 }));
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ status: 'New', userId: null, oneClick: true, callbackPending: true, firstName: 'Ольга', lastName: '', email: '', address: '', city: '', totalQuantity: 2, totalAmount: 700 });
    expect(placed.body.lines).toEqual([expect.objectContaining({ name: 'Кружка', article: 'MUG-1', quantity: 2, price: 350 })]);
    expect(placed.body.history.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([[null, 'New']]);
    expect(placed.body.statusUrl).toMatch(new RegExp(`^${t.config.publicUrl}/order/[A-Za-z0-9_-]{43}$`));
    expect(await stockOf('MUG-1')).toBe(before - 2);
    // Only the hash of the token is kept.
    const row = await t.db.selectFrom('checkouts').select(['accessTokenHash', 'accessTokenSealed']).where('id', '=', placed.body.id).executeTakeFirstOrThrow();
    expect(row.accessTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.accessTokenSealed).not.toContain(tokenOf(placed.body.statusUrl));
    const letters = await t.db.selectFrom('mailOutbox').select('id').where('recipient', '=', '').execute();
    expect(letters).toEqual([]);
  });

  it('refuses an order without the consent (400, Russian) and without a phone', async () => {
    const before = await stockOf('MUG-1');
    for (const consent of [undefined, false]) {
      const refused = await oneClick(mugOrder({ consent }));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(consentMessage);
    }
    const noPhone = await oneClick(mugOrder({ phone: undefined }));
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.message).toContain('Укажите телефон');
    const noName = await oneClick(mugOrder({ firstName: ' ' }));
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('Укажите имя');
    expect(await stockOf('MUG-1')).toBe(before);
  });

  it('a signed-in shopper: the account e-mail, no status link in the answer, the letter links to /profile', async () => {
    const anna = await signUp(t, 'anna.oneclick@shop.test');
    const placed = await oneClick(mugOrder({ firstName: 'Анна' }), { token: anna.token });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ userId: anna.id, email: 'anna.oneclick@shop.test', lastName: 'Покупатель', callbackPending: true, oneClick: true });
    expect(placed.body.statusUrl).toBeUndefined();
    const letter = (await waitForLetters(t.db, 'anna.oneclick@shop.test', 2)).find((item) => item.subject === `Заказ № ${placed.body.id} принят`);
    expect(letter?.text).toContain(`${t.config.publicUrl}/profile`);
    expect(letter?.text).not.toContain('/order/');
    const own = await t.rest<{ rows: Checkout[] }>('GET', '/checkouts', { token: anna.token });
    expect(own.body.rows.map((row) => row.id)).toEqual([placed.body.id]);
  });

  it('answers a repeated submit with the same order, stock taken once, the same status link', async () => {
    const before = await stockOf('MUG-1');
    const body = mugOrder();
    const ip = newIp();
    const first = await oneClick(body, { ip, key: 'one-click-repeat-0001' });
    const again = await oneClick(body, { ip, key: 'one-click-repeat-0001' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.statusUrl).toBe(first.body.statusUrl);
    expect(await stockOf('MUG-1')).toBe(before - 1);
    const other = await oneClick({ ...body, quantity: 3 }, { ip, key: 'one-click-repeat-0001' });
    expect(other.status).toBe(422);
  });

  it('holds guests to the guest limits: units per order, open units per phone and network, orders per IP', async () => {
    const tooMany = await oneClick({ ...mugOrder(), variantId: plenty, quantity: 7 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('не больше 6 шт.');

    const phone = newPhone();
    expect((await oneClick({ ...mugOrder({ phone }), variantId: plenty, quantity: 5 })).status).toBe(200);
    const samePhone = await oneClick({ ...mugOrder({ phone }), variantId: plenty, quantity: 4 });
    expect(samePhone.status).toBe(429);

    const ip = newIp();
    for (let n = 0; n < 3; n += 1) expect((await oneClick({ ...mugOrder(), variantId: plenty, quantity: 1 }, { ip })).status).toBe(200);
    expect((await oneClick({ ...mugOrder(), variantId: plenty, quantity: 1 }, { ip })).status).toBe(429);
    // A signed-in shopper is not held to them.
    const boris = await signUp(t, 'boris.oneclick@shop.test', 'Борис');
    expect((await oneClick({ ...mugOrder({ phone }), variantId: plenty, quantity: 10 }, { ip, token: boris.token })).status).toBe(200);
  });
});

describe('waiting for a call', () => {
  it('the admin sees the one-click orders that wait for a call and confirms one; a shopper may not', async () => {
    const placed = await oneClick(mugOrder({ firstName: 'Вера' }));
    const id = placed.body.id;
    const waiting = await t.rest<{ rows: Checkout[] }>('GET', '/checkouts/all?callbackPending=true&limit=1000', { token: shop.adminToken });
    expect(waiting.status).toBe(200);
    expect(waiting.body.rows.map((row) => row.id)).toContain(id);
    expect(waiting.body.rows.every((row) => row.callbackPending && row.oneClick)).toBe(true);

    const anna = await signUp(t, 'anna.confirm@shop.test');
    expect((await t.rest('PUT', `/checkouts/${id}/call-confirmed`, { token: anna.token })).status).toBe(403);
    expect((await t.rest('PUT', `/checkouts/${id}/call-confirmed`)).status).toBe(401);
    expect((await t.rest('PUT', '/checkouts/999999/call-confirmed', { token: shop.adminToken })).status).toBe(404);

    const confirmed = await t.rest<Checkout>('PUT', `/checkouts/${id}/call-confirmed`, { token: shop.adminToken });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id, callbackPending: false, status: 'New' });
    const after = await t.rest<{ rows: Checkout[] }>('GET', '/checkouts/all?callbackPending=true&limit=1000', { token: shop.adminToken });
    expect(after.body.rows.map((row) => row.id)).not.toContain(id);
    const done = await t.rest<{ rows: Checkout[] }>('GET', '/checkouts/all?callbackPending=false&limit=1000', { token: shop.adminToken });
    expect(done.body.rows.map((row) => row.id)).toContain(id);
    // Over tRPC too.
    expect((await t.trpc(shop.adminToken).orders.checkouts.confirmCall.mutate({ checkoutId: id })).callbackPending).toBe(false);
  });
});

describe('the order status link', () => {
  it('shows the order to the holder of its token, without e-mail or phone; a wrong token is 404', async () => {
    const placed = await oneClick(mugOrder({ firstName: 'Ксения' }));
    const token = tokenOf(placed.body.statusUrl);
    const seen = await t.rest<OrderByLink>('GET', `/checkouts/by-link/${token}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: placed.body.id, status: 'New', firstName: 'Ксения', callbackPending: true, totalAmount: 350 });
    expect(seen.body.lines).toHaveLength(1);
    expect(seen.body.history.map((entry) => entry.toStatus)).toEqual(['New']);
    expect(Object.keys(seen.body)).not.toContain('email');
    expect(Object.keys(seen.body)).not.toContain('phone');
    expect(JSON.stringify(seen.body.history)).not.toContain('changedBy');

    const wrong = await t.rest<{ message: string }>('GET', `/checkouts/by-link/${randomBytes(32).toString('base64url')}`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('Заказ не найден.');
    expect((await t.rest('GET', '/checkouts/by-link/short')).status).toBe(400);
    expect((await t.trpc().orders.checkouts.byLink.query({ token })).id).toBe(placed.body.id);
  });

  it("a guest's letters link to the order's own page, placed and status changed alike", async () => {
    const placed = await restWith<Answer>(t, 'POST', '/checkouts/direct', {
      headers: { 'x-forwarded-for': newIp() },
      body: { ...guest, email: 'guest.link@guest.test', address: delivery, oneClick: { variantId: variantOf(shop.mug), quantity: 1 } },
    });
    expect(placed.status).toBe(200);
    expect(placed.body.statusUrl).toMatch(/\/order\/[A-Za-z0-9_-]{43}$/);
    const statusUrl = placed.body.statusUrl ?? '';
    const [letter] = await waitForLetters(t.db, 'guest.link@guest.test', 1);
    expect(letter?.text).toContain(`Статус заказа: ${statusUrl}`);
    expect(letter?.html).toContain(`href="${statusUrl}"`);
    expect(letter?.text).not.toContain('/profile');

    expect((await t.rest('PUT', `/checkouts/${placed.body.id}`, { token: shop.adminToken, body: { status: 'InDelivery' } })).status).toBe(200);
    const letters = await waitForLetters(t.db, 'guest.link@guest.test', 2);
    expect(letters[1]?.text).toContain(statusUrl);
    expect(letters[1]?.text).not.toContain('/profile');
    const seen = await t.rest<OrderByLink>('GET', `/checkouts/by-link/${tokenOf(statusUrl)}`);
    expect(seen.body).toMatchObject({ status: 'InDelivery', city: 'Москва', address: delivery.address });
    expect(seen.body.history.map((entry) => entry.toStatus)).toEqual(['New', 'InDelivery']);
  });

  it('the OpenAPI document describes the new paths', async () => {
    const document = await t.rest<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json');
    expect(Object.keys(document.body.paths['/checkouts/one-click'] ?? {})).toContain('post');
    expect(Object.keys(document.body.paths['/checkouts/{checkoutId}/call-confirmed'] ?? {})).toContain('put');
    expect(Object.keys(document.body.paths['/checkouts/by-link/{token}'] ?? {})).toContain('get');
  });
});

describe('order letters in the development log', () => {
  it('logs an order letter kept in the outbox like every other letter', async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', TRUST_PROXY: 'true', LOG_LEVEL: 'info', ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) });
    const app = await buildApp({ config, db: t.db, logger: { stream: { write: (line: string) => void lines.push(line) } } });
    try {
      const anna = await signUp(t, 'anna.log@shop.test');
      const placed = await app.inject({
        method: 'POST',
        url: '/api/checkouts/one-click',
        headers: { authorization: `Bearer ${anna.token}` },
        payload: mugOrder({ firstName: 'Анна' }),
      });
      expect(placed.statusCode).toBe(200);
      const id = placed.json<{ id: number }>().id;
      const logged = lines.filter((line) => line.includes('e-mail kept in the outbox')).join('\n');
      expect(logged).toContain(`Заказ № ${id} принят`);
      expect(logged).toContain('anna.log@shop.test');
    } finally {
      await app.close();
    }
  });
});
