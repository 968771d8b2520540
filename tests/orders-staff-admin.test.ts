import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '../src/shared/order-messages.js';
import type { Checkout } from '../src/shared/schemas/orders.js';
import type { CheckoutBulkResult, CheckoutEvent, CheckoutNote } from '../src/shared/schemas/orders-staff.js';
import { exportColumns } from '../src/server/services/orders/checkout-export.js';
import { rawFetch } from './support/rest.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, setUpShop, signUp, variantOf, type Shop } from './support/orders-support.js';

/**
 * The staff's tools around orders (docs/orders-staff.md): who may call them, internal notes, bulk
 * status changes with a per-order answer, and the CSV export parsed back.
 */

let t: TestApp;
let shop: Shop;
let shopper: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  shop = await setUpShop(t);
  shopper = await signUp(t, 'notes.shopper@shop.test');
});

afterAll(async () => {
  await t.close();
});

async function mugOrder(comment = '', firstName = 'Пётр'): Promise<Checkout> {
  return t.trpc(shop.adminToken).orders.checkouts.createByStaff.mutate({
    firstName,
    lastName: 'Телефонов',
    email: 'petr@phone.test',
    phone: '+7 900 222-33-44',
    address: delivery,
    comment,
    items: [{ variantId: variantOf(shop.mug), quantity: 1 }],
  });
}

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper, on every staff call', async () => {
    const order = await mugOrder();
    const calls: Array<[string, string, object | undefined]> = [
      ['GET', `/checkouts/${order.id}/notes`, undefined],
      ['POST', `/checkouts/${order.id}/notes`, { text: 'Привет' }],
      ['GET', `/checkouts/${order.id}/events`, undefined],
      ['PUT', `/checkouts/${order.id}/lines`, { lines: [{ variantId: variantOf(shop.mug), quantity: 2 }] }],
      ['PUT', `/checkouts/${order.id}/address`, { firstName: 'Пётр', lastName: 'Телефонов', email: '', phone: '+79002223344', ...delivery }],
      ['POST', '/checkouts/bulk-status', { checkoutIds: [order.id], status: 'InDelivery' }],
      ['GET', '/checkouts/export', undefined],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.rest(method, path, body ? { body } : {})).status, `${method} ${path}`).toBe(401);
      expect((await t.rest(method, path, { token: shopper.token, ...(body ? { body } : {}) })).status, `${method} ${path}`).toBe(403);
    }
    const after = await t.rest<Checkout>('GET', `/checkouts/${order.id}`, { token: shop.adminToken });
    expect(after.body).toMatchObject({ status: 'New', totalQuantity: 1 });
    expect((await t.db.selectFrom('checkoutNotes').select('id').where('checkoutId', '=', order.id).execute()).length).toBe(0);
  });
});

describe('notes', () => {
  it('adds notes with their author and time, lists them, and puts them in the history without staling an edit', async () => {
    const order = await mugOrder();
    const first = await t.rest<{ rows: CheckoutNote[] }>('POST', `/checkouts/${order.id}/notes`, { token: shop.adminToken, body: { text: '  Клиент просил позвонить после 18:00  ' } });
    expect(first.status).toBe(200);
    await t.rest('POST', `/checkouts/${order.id}/notes`, { token: shop.adminToken, body: { text: 'Перезвонил, подтвердил' } });
    const notes = await t.rest<{ rows: CheckoutNote[] }>('GET', `/checkouts/${order.id}/notes`, { token: shop.adminToken });
    expect(notes.body.rows.map((note) => note.text)).toEqual(['Клиент просил позвонить после 18:00', 'Перезвонил, подтвердил']);
    expect(typeof notes.body.rows[0]?.authorId).toBe('number');
    expect(notes.body.rows[0]?.authorName).toBeTruthy();
    expect(new Date(notes.body.rows[0]?.createdAt ?? 0).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const empty = await t.rest<{ message: string }>('POST', `/checkouts/${order.id}/notes`, { token: shop.adminToken, body: { text: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Напишите заметку');
    const missing = await t.rest<{ message: string }>('GET', '/checkouts/999999/notes', { token: shop.adminToken });
    expect(missing.status).toBe(404);
    const events = await t.rest<{ rows: CheckoutEvent[] }>('GET', `/checkouts/${order.id}/events`, { token: shop.adminToken });
    expect(events.body.rows.map((entry) => [entry.kind, entry.after?.['text'] ?? null])).toEqual([
      ['status', null],
      ['note', 'Клиент просил позвонить после 18:00'],
      ['note', 'Перезвонил, подтвердил'],
    ]);
    // A note does not change the order: an edit form loaded before it still saves.
    const edit = await t.rest<Checkout>('PUT', `/checkouts/${order.id}/lines`, { token: shop.adminToken, body: { version: order.version, lines: [{ variantId: variantOf(shop.mug), quantity: 2 }] } });
    expect(edit.status).toBe(200);
    // The shopper's own view of an order never carries the notes.
    expect(JSON.stringify(await t.rest('GET', `/checkouts/${order.id}`, { token: shop.adminToken }))).not.toContain('18:00');
  });
});

describe('bulk status change', () => {
  it('moves each order by the same rules and answers which moved and which were refused, and why', async () => {
    const a = await mugOrder();
    const b = await mugOrder();
    const done = await mugOrder();
    for (const status of ['InDelivery', 'Completed'] as const) await t.rest('PUT', `/checkouts/${done.id}`, { token: shop.adminToken, body: { status } });
    const answer = await t.rest<CheckoutBulkResult>('POST', '/checkouts/bulk-status', { token: shop.adminToken, body: { checkoutIds: [a.id, done.id, b.id, 999999, a.id], status: 'InDelivery' } });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      { checkoutId: a.id, ok: true, status: 'InDelivery', message: null },
      { checkoutId: done.id, ok: false, status: 'Completed', message: 'Нельзя перевести заказ из статуса «Завершён» в статус «Доставляется».' },
      { checkoutId: b.id, ok: true, status: 'InDelivery', message: null },
      { checkoutId: 999999, ok: false, status: null, message: orderMessages.checkoutNotFound },
    ]);
    const history = await t.db.selectFrom('checkoutEvents').select(['checkoutId', 'kind']).where('checkoutId', 'in', [a.id, b.id]).where('kind', '=', 'status').execute();
    expect(history.length).toBe(4);
    const tooMany = await t.rest('POST', '/checkouts/bulk-status', { token: shop.adminToken, body: { checkoutIds: Array.from({ length: 101 }, (_, i) => i + 1), status: 'Canceled' } });
    expect(tooMany.status).toBe(400);
  });
});

describe('CSV export', () => {
  type Row = Record<(typeof exportColumns)[number], string>;

  async function download(query: string) {
    const response = await fetch(`${t.baseUrl}/api/checkouts/export${query}`, { headers: { authorization: `Bearer ${shop.adminToken}` } });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { response, bytes };
  }

  it('answers UTF-8 with a BOM, «;»-separated, by date range and status, parsed back with csv-parse', async () => {
    const tricky = await mugOrder('=HYPERLINK("http://x"); позвонить', 'Ольга');
    await t.rest('PUT', `/checkouts/${tricky.id}`, { token: shop.adminToken, body: { status: 'Canceled' } });
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const { response, bytes } = await download(`?createdFrom=${encodeURIComponent(from)}&status=Canceled`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}_all\.csv"$/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('\r\n');
    const rows = parse<Row>(text, { bom: true, delimiter: ';', columns: true });
    expect(Object.keys(rows[0] ?? {})).toEqual([...exportColumns]);
    const row = rows.find((candidate) => candidate['Номер'] === String(tricky.id));
    expect(row).toMatchObject({
      Статус: 'Отменён',
      Оплата: 'При получении',
      Имя: 'Ольга',
      Телефон: '8 (900) 222-33-44',
      Город: 'Москва',
      'Товаров, шт.': '1',
      'Товары, ₽': '350,00',
      'Доставка, ₽': '0,00',
      'Итого, ₽': '350,00',
      Состав: 'MUG-1 × 1',
      Комментарий: `'=HYPERLINK("http://x"); позвонить`,
    });
    expect(row?.['Дата (МСК)']).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(rows.every((candidate) => candidate['Статус'] === 'Отменён')).toBe(true);

    // A range in the past has no orders: the header alone.
    const past = await download('?createdFrom=2020-01-01&createdTo=2020-01-31');
    expect(parse(past.bytes.toString('utf8'), { bom: true, delimiter: ';' })).toEqual([[...exportColumns]]);
    const bad = await rawFetch(t.baseUrl, '/api/checkouts/export?createdFrom=вчера', { headers: { authorization: `Bearer ${shop.adminToken}` } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400 });
    expect((bad.body as { message: string }).message).toContain('createdFrom');
  });
});
