import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/server/services/platform/housekeeping.js';
import { domainMessages } from '../src/shared/errors.js';
import type { Product } from '../src/shared/schemas/catalogue.js';
import type { Checkout } from '../src/shared/schemas/orders.js';
import { stockAlertMessages, type StockAlert, type StockAlertCount } from '../src/shared/schemas/stock-alerts.js';
import { restFrom, waitForLetters, type StoredLetter } from './support/accounts-support.js';
import { shopperToken } from './support/content-support.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest } from './support/orders-support.js';

/**
 * «Сообщить о поступлении»: a guest's alert waits for its confirmation link, a signed-in
 * shopper's is active at once; a restock or a price drop sends one letter per alert, never two;
 * the letters' links cancel an alert or all of an address; the admin sees who waits per size.
 */

let t: TestApp;
let admin = '';
let shopper = '';
const size: Record<string, number> = {};
let boots: Product;
let ipCounter = 0;

const nextIp = () => `10.20.0.${(ipCounter += 1)}`;

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: admin });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Saves the boots with this stock per size (40, 41) and price. */
async function saveBoots(stock: { s40: number; s41: number }, price = 1000): Promise<Product> {
  const variant = boots.variants[0]!;
  const response = await t.rest<Product>('PUT', `/products/${boots.id}`, {
    token: admin,
    body: {
      name: boots.name,
      url: boots.url,
      sizes: [size['40'], size['41']],
      variants: [{ id: variant.id, article: variant.article, price, items: [{ sizeId: size['40'], stock: stock.s40 }, { sizeId: size['41'], stock: stock.s41 }] }],
    },
  });
  if (response.status !== 200) throw new Error(`PUT: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const link = (letter: StoredLetter, route: string) => {
  const match = new RegExp(`/alerts/${route}/([A-Za-z0-9_-]+)`).exec(letter.text);
  if (!match?.[1]) throw new Error(`No /alerts/${route}/ link in: ${letter.text}`);
  return match[1];
};

const lettersTo = (email: string) => t.db.selectFrom('mailOutbox').select(['recipient', 'replyTo', 'subject', 'text', 'html']).where('recipient', '=', email).orderBy('id').execute();
const counts = async () => (await t.rest<{ items: StockAlertCount[] }>('GET', `/stock-alerts?productId=${boots.id}`, { token: admin })).body.items;

function ask(body: Record<string, unknown>, options: { token?: string; ip?: string } = {}) {
  return restFrom<{ status?: string; message?: string }>(t.baseUrl, options.ip ?? nextIp(), 'POST', '/stock-alerts', { body, ...(options.token ? { token: options.token } : {}) });
}

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '10' });
  admin = await t.signInAdmin();
  shopper = await shopperToken(t, 'buyer@alerts.test');
  for (const name of ['40', '41']) size[name] = (await post<{ id: number }>('/sizes', { name, url: `alert-${name}` })).id;
  boots = await post<Product>('/products', {
    name: 'Ботинки «Север»',
    url: 'botinki-sever',
    sizes: [size['40'], size['41']],
    variants: [{ article: 'BS-1', price: 1000, items: [{ sizeId: size['40'], stock: 0 }, { sizeId: size['41'], stock: 2 }] }],
  });
});
afterAll(() => t?.close());

describe('asking for an alert', () => {
  it('a guest gets a confirmation letter, and the alert waits only once its link is opened', async () => {
    const variantId = boots.variants[0]!.id;
    expect(await ask({ variantId, sizeId: size['40'], email: 'Guest@Alerts.test', priceDrop: true, price: 1000 })).toEqual({ status: 200, body: { status: 'confirmation' } });
    const [letter] = await waitForLetters(t.db, 'guest@alerts.test');
    expect(letter?.subject).toBe('Подтвердите оповещение о поступлении товара');
    expect(letter?.text).toContain('Ботинки «Север» (размер 40)');
    expect(letter?.text).toContain(`${t.config.publicUrl}/alerts/confirm/`);
    expect(await counts()).toEqual([]);

    const token = link(letter!, 'confirm');
    const { alerts } = await t.trpc().stockAlerts.confirm.mutate({ token });
    expect(alerts.map((alert) => [alert.kind, alert.email, alert.sizeName, alert.seenPrice, alert.confirmed, alert.done])).toEqual([
      ['restock', 'guest@alerts.test', '40', null, true, false],
      ['price', 'guest@alerts.test', '40', 1000, true, false],
    ]);
    await expect(t.trpc().stockAlerts.confirm.mutate({ token })).rejects.toThrow(domainMessages.invalidLink);
    expect(await counts()).toEqual([{ variantId, sizeId: size['40'], restock: 1, price: 1 }]);
  });

  it('asking again for the same address and item replaces the pending link; a confirmed one gets no letter', async () => {
    const variantId = boots.variants[0]!.id;
    await ask({ variantId, sizeId: size['40'], email: 'twice@alerts.test' });
    await ask({ variantId, sizeId: size['40'], email: 'twice@alerts.test' });
    const [first, second] = await waitForLetters(t.db, 'twice@alerts.test', 2);
    await expect(t.trpc().stockAlerts.confirm.mutate({ token: link(first!, 'confirm') })).rejects.toThrow(domainMessages.invalidLink);
    await t.trpc().stockAlerts.confirm.mutate({ token: link(second!, 'confirm') });
    expect(await t.db.selectFrom('stockAlerts').select('id').where('email', '=', 'twice@alerts.test').execute()).toHaveLength(1);
    // Confirmed: the same answer, and no further letter.
    expect((await ask({ variantId, sizeId: size['40'], email: 'twice@alerts.test' })).body).toEqual({ status: 'confirmation' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lettersTo('twice@alerts.test')).toHaveLength(2);
  });

  it('refuses an item in stock, an item that does not exist, and a guest without an address; limits requests per IP', async () => {
    const variantId = boots.variants[0]!.id;
    const inStock = await ask({ variantId, sizeId: size['41'], email: 'x@alerts.test' });
    expect([inStock.status, inStock.body.message]).toEqual([400, stockAlertMessages.inStock]);
    const noSize = await ask({ variantId, sizeId: null, email: 'x@alerts.test' });
    expect([noSize.status, noSize.body.message]).toEqual([404, stockAlertMessages.itemNotFound]);
    const noEmail = await ask({ variantId, sizeId: size['40'] });
    expect([noEmail.status, noEmail.body.message]).toEqual([400, stockAlertMessages.emailRequired]);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await ask({ variantId, sizeId: size['40'], email: 'spam@alerts.test' }, { ip })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('a signed-in shopper is active at once, at the account address, without a letter', async () => {
    const variantId = boots.variants[0]!.id;
    const answer = await ask({ variantId, sizeId: size['40'], email: 'someone@else.test' }, { token: shopper });
    expect(answer).toEqual({ status: 200, body: { status: 'active' } });
    expect(await lettersTo('someone@else.test')).toEqual([]);
    expect(await lettersTo('buyer@alerts.test')).toEqual([]);
    expect((await counts()).find((row) => row.sizeId === size['40'])?.restock).toBe(3);
  });
});

describe('letters when it happens', () => {
  it('a restock sends exactly one letter per alert, even when the stock changes twice', async () => {
    await saveBoots({ s40: 3, s41: 2 });
    const [restocked] = await waitForLetters(t.db, 'buyer@alerts.test');
    expect(restocked?.subject).toBe('Снова в наличии: Ботинки «Север» (размер 40)');
    expect(restocked?.text).toContain(`${t.config.publicUrl}/product/botinki-sever`);
    expect(restocked?.text).toMatch(/\/alerts\/cancel\/[A-Za-z0-9_-]{32}/);
    await saveBoots({ s40: 0, s41: 2 });
    await saveBoots({ s40: 5, s41: 2 });
    expect((await lettersTo('buyer@alerts.test')).map((letter) => letter.subject)).toEqual(['Снова в наличии: Ботинки «Север» (размер 40)']);
    // The guest: the confirmation, then one restock letter; the price alert still waits.
    expect((await lettersTo('guest@alerts.test')).map((letter) => letter.subject)).toEqual([
      'Подтвердите оповещение о поступлении товара',
      'Снова в наличии: Ботинки «Север» (размер 40)',
    ]);
    expect(await counts()).toEqual([{ variantId: boots.variants[0]!.id, sizeId: size['40'], restock: 0, price: 1 }]);
  });

  it('a price below the price seen sends one letter; a second drop sends none', async () => {
    await saveBoots({ s40: 5, s41: 2 }, 1000);
    expect(await lettersTo('guest@alerts.test')).toHaveLength(2);
    await saveBoots({ s40: 5, s41: 2 }, 900);
    const letters = await lettersTo('guest@alerts.test');
    expect(letters.map((letter) => letter.subject)).toEqual([
      'Подтвердите оповещение о поступлении товара',
      'Снова в наличии: Ботинки «Север» (размер 40)',
      'Цена снизилась: Ботинки «Север» (размер 40)',
    ]);
    expect(letters[2]?.text).toMatch(/было 1\s000\s₽, теперь 900\s₽/);
    await saveBoots({ s40: 5, s41: 2 }, 800);
    expect(await lettersTo('guest@alerts.test')).toHaveLength(3);
    expect(await counts()).toEqual([]);
  });

  it('a cancelled order giving the last unit back tells who waits for it', async () => {
    const strap = await post<Product>('/products', { name: 'Ремешок', url: 'remeshok-alert', variants: [{ article: 'RM-1', price: 300, stock: 1 }] });
    const variantId = strap.variants[0]!.id;
    const sold = await t.rest<Checkout & { checkoutId?: number }>('POST', '/checkouts/direct', {
      body: { ...guest, email: 'strap@buyer.test', address: delivery, oneClick: { variantId, sizeId: null, quantity: 1 } },
    });
    expect(sold.status).toBe(200);
    expect((await ask({ variantId, sizeId: null }, { token: shopper })).body).toEqual({ status: 'active' });
    const orderId = sold.body.checkoutId ?? sold.body.id;
    expect((await t.rest('PUT', `/checkouts/${orderId}`, { token: admin, body: { status: 'Canceled' } })).status).toBe(200);
    const letters = await waitForLetters(t.db, 'buyer@alerts.test', 2);
    expect(letters.map((letter) => letter.subject)).toEqual(['Снова в наличии: Ботинки «Север» (размер 40)', 'Снова в наличии: Ремешок']);
  });
});

describe('links in the letters', () => {
  it('cancels one alert, or every alert of the address', async () => {
    const variantId = boots.variants[0]!.id;
    await saveBoots({ s40: 0, s41: 0 });
    await ask({ variantId, sizeId: size['40'], email: 'leave@alerts.test', priceDrop: true, price: 900 });
    await ask({ variantId, sizeId: size['41'], email: 'leave@alerts.test' });
    const [for40, for41] = await waitForLetters(t.db, 'leave@alerts.test', 2);
    await t.trpc().stockAlerts.confirm.mutate({ token: link(for40!, 'confirm') });
    await t.trpc().stockAlerts.confirm.mutate({ token: link(for41!, 'confirm') });

    const one = link(for41!, 'cancel');
    const seen = await t.rest<StockAlert>('GET', `/stock-alerts/links/${one}`);
    expect(seen.body).toEqual(expect.objectContaining({ email: 'leave@alerts.test', kind: 'restock', productName: 'Ботинки «Север»', sizeName: '41', done: false }));
    expect(await t.rest('DELETE', `/stock-alerts/links/${one}`)).toEqual({ status: 200, body: { cancelled: 1 } });
    expect((await t.rest('GET', `/stock-alerts/links/${one}`)).status).toBe(404);
    expect((await t.rest('DELETE', `/stock-alerts/links/${one}`)).status).toBe(404);

    expect(await t.rest('DELETE', `/stock-alerts/links/${link(for40!, 'cancel')}/all`)).toEqual({ status: 200, body: { cancelled: 2 } });
    expect(await t.db.selectFrom('stockAlerts').select('id').where('email', '=', 'leave@alerts.test').execute()).toEqual([]);
    expect((await t.rest('GET', '/stock-alerts/links/short')).status).toBe(400);

    // Nobody waits any more: the restock writes no letter.
    await saveBoots({ s40: 1, s41: 1 });
    expect(await lettersTo('leave@alerts.test')).toHaveLength(2);
  });
});

describe('who sees the counts', () => {
  it('the admin only', async () => {
    expect((await t.rest('GET', `/stock-alerts?productId=${boots.id}`)).status).toBe(401);
    expect((await t.rest('GET', `/stock-alerts?productId=${boots.id}`, { token: shopper })).status).toBe(403);
    expect((await t.rest('GET', `/stock-alerts?productId=${boots.id}`, { token: admin })).status).toBe(200);
  });
});

describe('housekeeping', () => {
  it('purges alerts never confirmed and alerts done long ago, keeping the rest', async () => {
    const variantId = boots.variants[0]!.id;
    await saveBoots({ s40: 0, s41: 0 });
    await ask({ variantId, sizeId: size['40'], email: 'stale@alerts.test' });
    await ask({ variantId, sizeId: size['41'], email: 'fresh@alerts.test' });
    await sql`update stock_alerts set created_at = now() - interval '31 days' where email = 'stale@alerts.test'`.execute(t.db);
    await sql`update stock_alerts set notified_at = now() - interval '31 days' where email = 'buyer@alerts.test'`.execute(t.db);
    const before = await t.db.selectFrom('stockAlerts').select('email').execute();
    // The hourly housekeeping does it.
    const { stockAlerts } = await purgeExpired(t.db);
    const after = await t.db.selectFrom('stockAlerts').select('email').execute();
    expect(stockAlerts).toBe(before.length - after.length);
    expect(after.map((row) => row.email)).not.toContain('stale@alerts.test');
    expect(after.map((row) => row.email)).not.toContain('buyer@alerts.test');
    expect(after.map((row) => row.email)).toContain('fresh@alerts.test');
  });
});
