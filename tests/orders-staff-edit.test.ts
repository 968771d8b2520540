import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import { orderMessages } from '../src/shared/order-messages.js';
import type { Product } from '../src/shared/schemas/catalogue.js';
import type { Checkout } from '../src/shared/schemas/orders.js';
import type { CheckoutEvent } from '../src/shared/schemas/orders-staff.js';
import { editMessages } from '../src/server/services/orders/checkout-edit.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, setUpShop, variantOf, type Shop } from './support/orders-support.js';

/**
 * Editing an order by staff (docs/orders-staff.md): lines and address of a New order paid on
 * delivery, stock and totals in the same transaction, refusals, the optimistic version and the
 * history entries each change leaves.
 */

let t: TestApp;
let shop: Shop;
/** 1 299 ₽, 500 in stock. */
let plaid: number;

beforeAll(async () => {
  t = await startTestApp();
  shop = await setUpShop(t);
  const product = await t.rest<Product>('POST', '/products', { token: shop.adminToken, body: { name: 'Плед', url: 'pled', variants: [{ article: 'PLAID-1', price: 1299, stock: 500 }] } });
  plaid = variantOf(product.body);
});

afterAll(async () => {
  await t.close();
});

async function stockOf(article: string): Promise<number> {
  const row = await t.db.selectFrom('variantItems').select('stock').where('article', '=', article).executeTakeFirstOrThrow();
  return row.stock;
}

const contact = { firstName: 'Пётр', lastName: 'Телефонов', email: 'petr@phone.test', phone: '+7 900 222-33-44' };

/** A phone order by staff (paid on delivery): two blue jackets in 48 and a mug. */
async function phoneOrder(items?: Array<{ variantId: number; sizeId?: number; quantity: number }>): Promise<Checkout> {
  return t.trpc(shop.adminToken).orders.checkouts.createByStaff.mutate({
    ...contact,
    address: delivery,
    items: items ?? [
      { variantId: variantOf(shop.jacket), sizeId: shop.sizes.s48, quantity: 2 },
      { variantId: variantOf(shop.mug), quantity: 1 },
    ],
  });
}
const plaidOrder = () => phoneOrder([{ variantId: plaid, quantity: 1 }]);

async function events(id: number): Promise<CheckoutEvent[]> {
  const answer = await t.rest<{ rows: CheckoutEvent[] }>('GET', `/checkouts/${id}/events`, { token: shop.adminToken });
  expect(answer.status).toBe(200);
  return answer.body.rows;
}

describe('editing the lines of an order', () => {
  it('changes quantities, removes and adds lines: stock taken and returned, totals computed again, history kept', async () => {
    const blue48 = await stockOf('SEV-BLUE/48');
    const mugs = await stockOf('MUG-1');
    const red50 = await stockOf('SEV-RED/50');
    const order = await phoneOrder();
    expect(order).toMatchObject({ totalAmount: 10349.8, itemsAmount: 10349.8, totalQuantity: 3, version: 1 });
    expect(await stockOf('SEV-BLUE/48')).toBe(blue48 - 2);

    const edited = await t.rest<Checkout>('PUT', `/checkouts/${order.id}/lines`, {
      token: shop.adminToken,
      body: {
        version: order.version,
        lines: [
          { variantId: variantOf(shop.jacket), sizeId: shop.sizes.s48, quantity: 4 },
          { variantId: variantOf(shop.jacket, 1), sizeId: shop.sizes.s50, quantity: 1 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ itemsAmount: 25498.6, totalAmount: 25498.6, totalQuantity: 5, version: 2 });
    expect(edited.body.lines.map((line) => [line.article, line.size, line.quantity, line.price, line.lineTotal])).toEqual([
      ['SEV-BLUE/48', '48', 4, 4999.9, 19999.6],
      ['SEV-RED/50', '50', 1, 5499, 5499],
    ]);
    expect(await stockOf('SEV-BLUE/48')).toBe(blue48 - 4);
    expect(await stockOf('MUG-1')).toBe(mugs);
    expect(await stockOf('SEV-RED/50')).toBe(red50 - 1);

    const history = await events(order.id);
    expect(history.map((entry) => entry.kind)).toEqual(['status', 'lines']);
    const lines = history[1];
    expect(typeof lines?.changedBy).toBe('number');
    expect(lines?.changedByName).toBeTruthy();
    expect(lines?.before).toMatchObject({ itemsAmount: 10349.8, totalAmount: 10349.8, lines: [{ article: 'SEV-BLUE/48', quantity: 2 }, { article: 'MUG-1', quantity: 1 }] });
    expect(lines?.after).toMatchObject({ itemsAmount: 25498.6, lines: [{ article: 'SEV-BLUE/48', quantity: 4 }, { article: 'SEV-RED/50', quantity: 1, price: 5499 }] });

    // Fewer units give them back; the kept line keeps its order price.
    const fewer = await t.rest<Checkout>('PUT', `/checkouts/${order.id}/lines`, { token: shop.adminToken, body: { lines: [{ variantId: variantOf(shop.jacket), sizeId: shop.sizes.s48, quantity: 1 }] } });
    expect(fewer.status).toBe(200);
    expect(fewer.body).toMatchObject({ totalAmount: 4999.9, totalQuantity: 1, version: 3 });
    expect(await stockOf('SEV-BLUE/48')).toBe(blue48 - 1);
    expect(await stockOf('SEV-RED/50')).toBe(red50);
  });

  it('keeps the delivery cost as recorded: the total is the new goods plus it', async () => {
    const order = await plaidOrder();
    await t.db.updateTable('checkouts').set({ deliveryCost: 30000, totalAmount: 129900 + 30000, deliveryName: 'Курьер' }).where('id', '=', order.id).execute();
    const edited = await t.rest<Checkout>('PUT', `/checkouts/${order.id}/lines`, { token: shop.adminToken, body: { lines: [{ variantId: variantOf(shop.mug), quantity: 3 }] } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ itemsAmount: 1050, totalAmount: 1350 });
  });

  it('refuses a shortfall, a withdrawn product, no lines, a stale version and a bad size, changing nothing', async () => {
    const order = await phoneOrder();
    const blue48 = await stockOf('SEV-BLUE/48');
    const mugs = await stockOf('MUG-1');
    const put = (body: object) => t.rest<{ message: string }>('PUT', `/checkouts/${order.id}/lines`, { token: shop.adminToken, body });
    const short = await put({ lines: [{ variantId: variantOf(shop.jacket), sizeId: shop.sizes.s48, quantity: 2 + blue48 + 1 }, { variantId: variantOf(shop.mug), quantity: 5 }] });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(`${orderMessages.outOfStock}Куртка «Север», Синий, размер 48 (в наличии ${blue48})`);
    const withdrawn = await put({ lines: [{ variantId: variantOf(shop.withdrawn), quantity: 1 }] });
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.message).toContain(orderMessages.unavailable);
    const none = await put({ lines: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('хотя бы один товар');
    const noSize = await put({ lines: [{ variantId: variantOf(shop.jacket), quantity: 1 }] });
    expect(noSize.status).toBe(400);
    const stale = await put({ version: order.version + 5, lines: [{ variantId: variantOf(shop.mug), quantity: 1 }] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(domainMessages.staleVersion);
    expect(await stockOf('SEV-BLUE/48')).toBe(blue48);
    expect(await stockOf('MUG-1')).toBe(mugs);
    const after = await t.rest<Checkout>('GET', `/checkouts/${order.id}`, { token: shop.adminToken });
    expect(after.body).toMatchObject({ totalQuantity: 3, version: 1 });
    expect((await events(order.id)).map((entry) => entry.kind)).toEqual(['status']);
  });

  it('refuses orders no longer New, and an order’s version moves with its status', async () => {
    const order = await plaidOrder();
    const moved = await t.rest<Checkout>('PUT', `/checkouts/${order.id}`, { token: shop.adminToken, body: { status: 'InDelivery' } });
    expect(moved.body.version).toBe(order.version + 1);
    const lines = await t.rest<{ message: string }>('PUT', `/checkouts/${order.id}/lines`, { token: shop.adminToken, body: { lines: [{ variantId: variantOf(shop.mug), quantity: 1 }] } });
    expect(lines.status).toBe(409);
    expect(lines.body.message).toBe(editMessages.onlyNew);
    const address = await t.rest<{ message: string }>('PUT', `/checkouts/${order.id}/address`, { token: shop.adminToken, body: { ...contact, ...delivery } });
    expect(address.status).toBe(409);
    expect(address.body.message).toBe(editMessages.onlyNew);
    expect((await events(order.id)).map((entry) => [entry.kind, entry.before?.['status'] ?? null, entry.after?.['status']])).toEqual([
      ['status', null, 'New'],
      ['status', 'New', 'InDelivery'],
    ]);
  });
});

describe('editing the address and contacts', () => {
  it('writes the changed fields and keeps only those in the history; the delivery cost stays', async () => {
    const order = await plaidOrder();
    const edited = await t.rest<Checkout>('PUT', `/checkouts/${order.id}/address`, {
      token: shop.adminToken,
      body: { ...contact, ...delivery, city: 'Тула', zipCode: '300000', phone: '8 (901) 000-11-22', comment: 'Домофон 12', version: order.version },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ city: 'Тула', zipCode: '300000', phone: '+79010001122', comment: 'Домофон 12', address: delivery.address, totalAmount: order.totalAmount, version: 2 });
    const [, change] = await events(order.id);
    expect(change).toMatchObject({
      kind: 'address',
      before: { city: 'Москва', zipCode: '101000', phone: '+79002223344', comment: '' },
      after: { city: 'Тула', zipCode: '300000', phone: '+79010001122', comment: 'Домофон 12' },
    });
    expect(Object.keys(change?.after ?? {}).sort()).toEqual(['city', 'comment', 'phone', 'zipCode']);
    const bad = await t.rest<{ message: string }>('PUT', `/checkouts/${order.id}/address`, { token: shop.adminToken, body: { ...contact, ...delivery, phone: '123' } });
    expect(bad.status).toBe(400);
    const stale = await t.rest<{ message: string }>('PUT', `/checkouts/${order.id}/address`, { token: shop.adminToken, body: { ...contact, ...delivery, version: 1 } });
    expect(stale.status).toBe(409);
  });

  it('puts a change of delivery in the history, by the admin', async () => {
    const order = await plaidOrder();
    const cleared = await t.rest<Checkout>('PUT', `/checkouts/${order.id}/delivery`, { token: shop.adminToken, body: { address: { ...delivery, city: 'Казань' } } });
    expect(cleared.status).toBe(200);
    const [, change] = await events(order.id);
    expect(change).toMatchObject({ kind: 'delivery', before: { city: 'Москва' }, after: { city: 'Казань', cost: 0 } });
    expect(change?.changedBy).not.toBeNull();
  });
});
