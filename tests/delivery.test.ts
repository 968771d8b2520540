import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierUnavailableMessage, deliveryMessages } from '../src/shared/delivery-rules.js';
import { domainMessages } from '../src/shared/errors.js';
import type { DeliveryMethod, DeliveryMethodInput, DeliveryOptions, DeliveryQuote, PickupPoint, PickupPointInput } from '../src/shared/schemas/delivery.js';
import type { Basket, Checkout } from '../src/shared/schemas/orders.js';
import { waitForLetters } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, setUpShop, signUp, variantOf, type Shop } from './support/orders-support.js';

/**
 * Delivery (docs/delivery.md): the admin's methods and pickup points, the public lists, the price
 * rules (zone by city, the free-delivery threshold, a point for pickup, a postcode for the post),
 * the cost in the order's total and its snapshot, and the admin completing a one-click order.
 */

let t: TestApp;
let shop: Shop;
let admin = '';
let shopper = { id: 0, email: '', token: '' };
const method: Record<'courier' | 'pickup' | 'post' | 'old', DeliveryMethod> = {} as never;
const point: Record<'tverskaya' | 'arbat' | 'closed', PickupPoint> = {} as never;

const courierInput: DeliveryMethodInput = {
  kind: 'courier',
  name: 'Курьер',
  position: 0,
  zones: [
    { name: 'Москва и Санкт-Петербург', cities: ['Москва', 'Санкт-Петербург'], price: 300, freeFrom: 5000, minDays: 1, maxDays: 2 },
    { name: 'Области', cities: ['Химки', 'Королёв'], price: 500, freeFrom: 7000, minDays: 2, maxDays: 4 },
  ],
};
const pointInput = (name: string, address: string, active = true): PickupPointInput => ({
  name,
  city: 'Москва',
  address,
  hours: 'Пн–Пт 10:00–21:00',
  latitude: 55.7641,
  longitude: 37.6056,
  active,
});

async function adminPost<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: admin });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function basketOf(lines: Array<{ variantId: number; sizeId?: number; quantity: number }>, token?: string): Promise<string> {
  const basket = await t.rest<Basket>('POST', '/baskets', { body: {}, ...(token ? { token } : {}) });
  const put = await t.rest<Basket>('PUT', `/baskets/${basket.body.id}`, { body: { orderProducts: lines }, ...(token ? { token } : {}) });
  expect(put.status).toBe(200);
  return basket.body.id;
}

const mugs = (quantity: number) => [{ variantId: variantOf(shop.mug), quantity }];

function quote(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  return t.rest<DeliveryQuote>('GET', `/delivery/quote?${search.toString()}`);
}

function direct(body: Record<string, unknown>, email = guest.email) {
  return t.rest<Checkout & { message?: string }>('POST', '/checkouts/direct', { body: { ...guest, email, ...body } });
}

beforeAll(async () => {
  t = await startTestApp();
  shop = await setUpShop(t);
  admin = shop.adminToken;
  shopper = await signUp(t, 'delivery.buyer@shop.test');
});
afterAll(() => t?.close());

describe('who may manage delivery', () => {
  it('guests get 401 and shoppers 403 on every admin call; the public lists need no account', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/admin/delivery-methods'],
      ['POST', '/admin/delivery-methods', courierInput],
      ['PUT', '/admin/delivery-methods/1', { data: courierInput }],
      ['DELETE', '/admin/delivery-methods/1'],
      ['GET', '/admin/pickup-points'],
      ['POST', '/admin/pickup-points', pointInput('Пункт', 'ул. Тверская, д. 1')],
      ['PUT', '/admin/pickup-points/1', { data: pointInput('Пункт', 'ул. Тверская, д. 1') }],
      ['DELETE', '/admin/pickup-points/1'],
    ];
    for (const [verb, path, body] of calls) {
      expect((await t.rest(verb, path, body === undefined ? {} : { body })).status, `${verb} ${path} as a guest`).toBe(401);
      expect((await t.rest(verb, path, { token: shopper.token, ...(body === undefined ? {} : { body }) })).status, `${verb} ${path} as a shopper`).toBe(403);
    }
    await expect(t.trpc(shopper.token).delivery.methods.all.query({})).rejects.toThrow();
    expect((await t.rest<DeliveryMethod[]>('GET', '/delivery-methods')).body).toEqual([]);
    expect((await t.rest<DeliveryOptions>('GET', '/delivery/options')).body).toEqual({ methods: [], pickupPoints: [], freeFrom: null });
  });
});

describe('the admin manages methods and points', () => {
  it('creates methods with zones and points; the public lists show only the active ones, by position', async () => {
    method.courier = await adminPost<DeliveryMethod>('/admin/delivery-methods', courierInput);
    method.pickup = await adminPost<DeliveryMethod>('/admin/delivery-methods', { kind: 'pickup', name: 'Самовывоз', price: 0, minDays: 1, maxDays: 2, position: 1 });
    method.post = await adminPost<DeliveryMethod>('/admin/delivery-methods', { kind: 'post', name: 'Почта России', price: 350, freeFrom: 5000, minDays: 5, maxDays: 10, position: 2 });
    method.old = await adminPost<DeliveryMethod>('/admin/delivery-methods', { kind: 'post', name: 'Старая почта', price: 100, active: false, position: 3 });
    expect(method.courier).toMatchObject({ kind: 'courier', estimate: '1–4 дня', active: true, version: 1 });
    expect(method.courier.zones.map((zone) => [zone.name, zone.cities, zone.price, zone.freeFrom, zone.minDays, zone.maxDays])).toEqual([
      ['Москва и Санкт-Петербург', ['Москва', 'Санкт-Петербург'], 300, 5000, 1, 2],
      ['Области', ['Химки', 'Королёв'], 500, 7000, 2, 4],
    ]);
    expect([method.pickup.estimate, method.post.estimate]).toEqual(['1–2 дня', '5–10 дней']);

    point.tverskaya = await adminPost<PickupPoint>('/admin/pickup-points', pointInput('Магазин на Тверской', 'ул. Тверская, д. 12'));
    point.arbat = await adminPost<PickupPoint>('/admin/pickup-points', pointInput('Пункт на Арбате', 'ул. Новый Арбат, д. 15'));
    point.closed = await adminPost<PickupPoint>('/admin/pickup-points', pointInput('Закрытый пункт', 'ул. Старая, д. 1', false));
    expect(point.tverskaya.mapUrl).toBe('https://yandex.ru/maps/?pt=37.6056,55.7641&z=16&l=map');

    const publicMethods = await t.rest<DeliveryMethod[]>('GET', '/delivery-methods');
    expect(publicMethods.body.map((row) => row.name)).toEqual(['Курьер', 'Самовывоз', 'Почта России']);
    const allMethods = await t.rest<DeliveryMethod[]>('GET', '/admin/delivery-methods', { token: admin });
    expect(allMethods.body.map((row) => [row.name, row.active])).toEqual([
      ['Курьер', true],
      ['Самовывоз', true],
      ['Почта России', true],
      ['Старая почта', false],
    ]);
    const publicPoints = await t.rest<PickupPoint[]>('GET', '/pickup-points');
    expect(publicPoints.body.map((row) => row.name)).toEqual(['Магазин на Тверской', 'Пункт на Арбате']);
    expect((await t.rest<PickupPoint[]>('GET', '/admin/pickup-points', { token: admin })).body).toHaveLength(3);

    const options = await t.trpc().delivery.options.query({});
    expect(options.methods.map((row) => row.id)).toEqual([method.courier.id, method.pickup.id, method.post.id]);
    expect(options.pickupPoints.map((row) => row.id)).toEqual([point.tverskaya.id, point.arbat.id]);
    expect(options.freeFrom).toBe(5000);
  });

  it('edits with the version it loaded (a stale one answers 409) and refuses bad input in Russian', async () => {
    const { id, version } = method.post;
    const body: DeliveryMethodInput = { kind: 'post', name: 'Почта России', description: 'До отделения по индексу', price: 350, freeFrom: 5000, minDays: 5, maxDays: 10, position: 2 };
    const edited = await t.rest<DeliveryMethod>('PUT', `/admin/delivery-methods/${id}`, { token: admin, body: { data: body, version } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ description: 'До отделения по индексу', version: version + 1 });
    const stale = await t.rest<{ message: string }>('PUT', `/admin/delivery-methods/${id}`, { token: admin, body: { data: body, version } });
    expect([stale.status, stale.body.message]).toEqual([409, domainMessages.staleVersion]);
    method.post = edited.body;

    const noZones = await t.rest<{ message: string }>('POST', '/admin/delivery-methods', { token: admin, body: { kind: 'courier', name: 'Курьер без зон' } });
    expect(noZones.status).toBe(400);
    expect(noZones.body.message).toContain('Добавьте курьеру хотя бы одну зону');
    const backwards = await t.rest<{ message: string }>('POST', '/admin/delivery-methods', { token: admin, body: { kind: 'post', name: 'Почта', minDays: 5, maxDays: 2 } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('Срок «до» не может быть меньше срока «от»');
    const negative = await t.rest<{ message: string }>('POST', '/admin/delivery-methods', { token: admin, body: { kind: 'post', name: 'Почта', price: -1 } });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toContain('Цена не может быть отрицательной');
    const farPoint = await t.rest<{ message: string }>('POST', '/admin/pickup-points', { token: admin, body: { ...pointInput('Пункт', 'ул. Тверская, д. 1'), latitude: 91 } });
    expect(farPoint.status).toBe(400);
    expect((await t.rest('PUT', '/admin/delivery-methods/999999', { token: admin, body: { data: body } })).status).toBe(404);
    expect((await t.rest('DELETE', '/admin/pickup-points/999999', { token: admin })).status).toBe(404);
  });
});

describe('the price rules', () => {
  it('a courier finds the zone by city: case, spaces, «ё» and a leading «г.» do not matter; no zone, no courier', async () => {
    const base = { deliveryMethodId: method.courier.id, amount: 1000 };
    expect((await quote({ ...base, city: ' москва ' })).body).toEqual({ available: true, reason: null, cost: 300, estimate: '1–2 дня', freeFrom: 5000 });
    expect((await quote({ ...base, city: 'г. Санкт-Петербург' })).body).toMatchObject({ available: true, cost: 300 });
    expect((await quote({ ...base, city: 'г.Королев' })).body).toEqual({ available: true, reason: null, cost: 500, estimate: '2–4 дня', freeFrom: 7000 });
    expect((await quote({ ...base, city: 'КОРОЛЁВ' })).body).toMatchObject({ available: true, cost: 500 });
    const tomsk = await quote({ ...base, city: 'Томск' });
    expect(tomsk.status).toBe(200);
    expect(tomsk.body).toMatchObject({ available: false, reason: 'Курьер не доставляет в город Томск: выберите самовывоз или Почту России', cost: 0 });
    expect(tomsk.body.reason).toBe(courierUnavailableMessage('Томск'));
  });

  it('is free from the threshold exactly, not a kopeck below', async () => {
    const base = { deliveryMethodId: method.courier.id, city: 'Москва' };
    expect((await quote({ ...base, amount: '4999.99' })).body.cost).toBe(300);
    expect((await quote({ ...base, amount: 5000 })).body.cost).toBe(0);
    expect((await quote({ ...base, city: 'Химки', amount: 6999.99 })).body.cost).toBe(500);
    expect((await quote({ ...base, city: 'Химки', amount: 7000 })).body.cost).toBe(0);
    const post = { deliveryMethodId: method.post.id, zipCode: '634050' };
    expect((await quote({ ...post, amount: 4999.99 })).body).toMatchObject({ available: true, cost: 350, estimate: '5–10 дней' });
    expect((await quote({ ...post, amount: 5000 })).body).toMatchObject({ available: true, cost: 0 });
  });

  it('pickup needs an active point; the post needs a six-digit postcode', async () => {
    expect((await quote({ deliveryMethodId: method.pickup.id, amount: 100 })).body).toMatchObject({ available: false, reason: deliveryMessages.pickupPointRequired });
    expect((await quote({ deliveryMethodId: method.pickup.id, pickupPointId: point.closed.id, amount: 100 })).body).toMatchObject({ available: false, reason: deliveryMessages.pickupPointUnavailable });
    expect((await quote({ deliveryMethodId: method.pickup.id, pickupPointId: point.arbat.id, amount: 100 })).body).toEqual({ available: true, reason: null, cost: 0, estimate: '1–2 дня', freeFrom: null });
    expect((await quote({ deliveryMethodId: method.post.id, zipCode: '6340', amount: 100 })).body).toMatchObject({ available: false, reason: deliveryMessages.postcodeRequired });
    expect((await quote({ deliveryMethodId: method.post.id, amount: 100, city: 'Томск' })).body).toMatchObject({ available: true, cost: 350 });
    expect((await quote({ deliveryMethodId: method.old.id, amount: 100 })).body).toMatchObject({ available: false, reason: deliveryMessages.methodUnavailable });
    const badAmount = await quote({ deliveryMethodId: method.post.id, amount: 'много' });
    expect(badAmount.status).toBe(400);
    // The same over tRPC.
    expect(await t.trpc().delivery.quote.query({ deliveryMethodId: method.courier.id, city: 'Москва', amount: 100 })).toMatchObject({ available: true, cost: 300 });
  });
});

describe('orders with delivery', () => {
  const orders: Record<string, Checkout> = {};

  it('a basket checkout must name a method while the shop has one', async () => {
    const basketId = await basketOf(mugs(1));
    const refused = await direct({ basketId, address: delivery }, 'no.method@guest.test');
    expect([refused.status, refused.body.message]).toEqual([400, deliveryMessages.methodRequired]);
    const inactive = await direct({ basketId, address: delivery, deliveryMethodId: method.old.id }, 'no.method@guest.test');
    expect([inactive.status, inactive.body.message]).toEqual([400, deliveryMessages.methodUnavailable]);
  });

  it('a signed-in courier order: goods plus the zone’s price, its snapshot, and the letter', async () => {
    await basketOf([{ variantId: variantOf(shop.jacket), sizeId: shop.sizes.s48, quantity: 1 }], shopper.token);
    const placed = await t.rest<Checkout>('POST', '/checkouts', { token: shopper.token, body: { consent: true, phone: '+7 900 000-00-02', address: { ...delivery, city: 'г. Москва' }, deliveryMethodId: method.courier.id } });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ itemsAmount: 4999.9, totalAmount: 5299.9 });
    expect(placed.body.delivery).toEqual({ methodId: method.courier.id, kind: 'courier', name: 'Курьер', estimate: '1–2 дня', cost: 300, pickupPoint: null });
    orders['courier'] = placed.body;
    const letters = await waitForLetters(t.db, shopper.email, 2);
    const letter = letters.find((item) => item.subject === `Заказ № ${placed.body.id} принят`);
    expect(letter?.text).toMatch(/Товары: 4\s999,9\s₽/);
    expect(letter?.text).toMatch(/Доставка: Курьер, 1–2 дня — 300\s₽/);
    expect(letter?.text).toMatch(/Итого: 5\s299,9\s₽/);
    expect(letter?.text).toContain('Адрес доставки: 101000, Россия, г. Москва, ул. Ленина, д. 1, кв. 2');
    expect(letter?.html).toMatch(/Доставка: Курьер, 1–2 дня — 300\s₽/);

    // Over the free threshold the courier costs nothing.
    await basketOf([{ variantId: variantOf(shop.jacket), sizeId: shop.sizes.s50, quantity: 2 }], shopper.token);
    const free = await t.trpc(shopper.token).orders.checkouts.create.mutate({ consent: true, phone: '+7 900 000-00-02', address: delivery, deliveryMethodId: method.courier.id });
    expect(free).toMatchObject({ itemsAmount: 9999.8, totalAmount: 9999.8, delivery: { kind: 'courier', cost: 0 } });
  });

  it('a guest pickup order needs no address: the order’s address becomes the point’s; the letter says «бесплатно»', async () => {
    const email = 'pickup@guest.test';
    const noPoint = await direct({ basketId: await basketOf(mugs(2)), deliveryMethodId: method.pickup.id }, email);
    expect([noPoint.status, noPoint.body.message]).toEqual([400, deliveryMessages.pickupPointRequired]);
    const placed = await direct({ basketId: await basketOf(mugs(2)), deliveryMethodId: method.pickup.id, pickupPointId: point.tverskaya.id }, email);
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ itemsAmount: 700, totalAmount: 700, city: 'Москва', address: 'ул. Тверская, д. 12' });
    expect(placed.body.delivery).toEqual({
      methodId: method.pickup.id,
      kind: 'pickup',
      name: 'Самовывоз',
      estimate: '1–2 дня',
      cost: 0,
      pickupPoint: { id: point.tverskaya.id, name: 'Магазин на Тверской', address: 'Москва, ул. Тверская, д. 12', hours: 'Пн–Пт 10:00–21:00' },
    });
    orders['pickup'] = placed.body;
    const [letter] = await waitForLetters(t.db, email);
    expect(letter?.text).toContain('Доставка: Самовывоз, 1–2 дня — бесплатно');
    expect(letter?.text).toContain('Пункт самовывоза: Магазин на Тверской, Москва, ул. Тверская, д. 12. Часы работы: Пн–Пт 10:00–21:00');
  });

  it('a guest post order needs a six-digit postcode; a courier refuses a city without a zone', async () => {
    const email = 'post@guest.test';
    const shortZip = await direct({ basketId: await basketOf(mugs(1)), address: { ...delivery, city: 'Томск', zipCode: '6340' }, deliveryMethodId: method.post.id }, email);
    expect([shortZip.status, shortZip.body.message]).toEqual([400, deliveryMessages.postcodeRequired]);
    const tomsk = await direct({ basketId: await basketOf(mugs(1)), address: { ...delivery, city: 'Томск', zipCode: '634050' }, deliveryMethodId: method.courier.id }, email);
    expect([tomsk.status, tomsk.body.message]).toEqual([400, courierUnavailableMessage('Томск')]);
    const placed = await direct({ basketId: await basketOf(mugs(1)), address: { ...delivery, city: 'Томск', zipCode: '634050' }, deliveryMethodId: method.post.id }, email);
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ itemsAmount: 350, totalAmount: 700, city: 'Томск', delivery: { kind: 'post', name: 'Почта России', estimate: '5–10 дней', cost: 350, pickupPoint: null } });
    orders['post'] = placed.body;
    // The refused attempts left no order and took no stock.
    const own = await t.db.selectFrom('checkouts').select('id').where('email', '=', email).execute();
    expect(own).toHaveLength(1);
  });

  it('a signed-in pickup and a guest courier order', async () => {
    await basketOf(mugs(3), shopper.token);
    const pickup = await t.rest<Checkout>('POST', '/checkouts', { token: shopper.token, body: { consent: true, phone: '+7 900 000-00-02', deliveryMethodId: method.pickup.id, pickupPointId: point.arbat.id } });
    expect(pickup.status).toBe(200);
    expect(pickup.body).toMatchObject({ itemsAmount: 1050, totalAmount: 1050, address: 'ул. Новый Арбат, д. 15', delivery: { kind: 'pickup', pickupPoint: { name: 'Пункт на Арбате' } } });
    const courier = await direct({ basketId: await basketOf(mugs(1)), address: { ...delivery, city: 'Химки' }, deliveryMethodId: method.courier.id }, 'courier@guest.test');
    expect(courier.body).toMatchObject({ itemsAmount: 350, totalAmount: 850, delivery: { kind: 'courier', estimate: '2–4 дня', cost: 500 } });
  });

  it('staff take a phone order with a method, or without one', async () => {
    const contact = { firstName: 'Пётр', lastName: 'Звонков', email: 'phone@order.test', phone: '+7 900 000-00-09', address: { ...delivery, city: 'Санкт-Петербург' } };
    const staff = t.trpc(admin).orders.checkouts.createByStaff;
    const withCourier = await staff.mutate({ ...contact, items: [{ variantId: variantOf(shop.last), quantity: 1 }], deliveryMethodId: method.courier.id });
    expect(withCourier).toMatchObject({ itemsAmount: 1000, totalAmount: 1300, delivery: { kind: 'courier', cost: 300 } });
    const without = await staff.mutate({ ...contact, items: [{ variantId: variantOf(shop.jacket, 1), sizeId: shop.sizes.s50, quantity: 1 }] });
    expect(without).toMatchObject({ itemsAmount: 5499, totalAmount: 5499, delivery: null });
  });

  it('changing the method’s price and the point’s address later does not change placed orders', async () => {
    const zones = courierInput.zones?.map((zone) => ({ ...zone, price: 999 })) ?? [];
    const edited = await t.rest<DeliveryMethod>('PUT', `/admin/delivery-methods/${method.courier.id}`, { token: admin, body: { data: { ...courierInput, name: 'Курьер-экспресс', zones } } });
    expect(edited.status).toBe(200);
    const moved = await t.rest<PickupPoint>('PUT', `/admin/pickup-points/${point.tverskaya.id}`, { token: admin, body: { data: pointInput('Магазин на Тверской', 'ул. Тверская, д. 20') } });
    expect(moved.body.address).toBe('ул. Тверская, д. 20');
    for (const key of ['courier', 'pickup', 'post']) {
      const before = orders[key]!;
      const after = await t.rest<Checkout>('GET', `/checkouts/${before.id}`, { token: admin });
      expect([after.body.totalAmount, after.body.itemsAmount, after.body.delivery]).toEqual([before.totalAmount, before.itemsAmount, before.delivery]);
      expect([after.body.address, after.body.city]).toEqual([before.address, before.city]);
    }
    const own = await t.rest<{ rows: Checkout[] }>('GET', '/checkouts?limit=100', { token: shopper.token });
    expect(own.body.rows.find((row) => row.id === orders['courier']!.id)?.delivery).toEqual(orders['courier']!.delivery);
    // The next order pays the new price.
    await basketOf(mugs(1), shopper.token);
    const next = await t.trpc(shopper.token).orders.checkouts.create.mutate({ consent: true, phone: '+7 900 000-00-02', address: delivery, deliveryMethodId: method.courier.id });
    expect(next.delivery).toMatchObject({ name: 'Курьер-экспресс', cost: 999 });
  });

  it('removing a method or point that orders name makes it inactive; an unused one is deleted', async () => {
    const used = await t.rest<{ ok: true; deactivated: boolean }>('DELETE', `/admin/pickup-points/${point.tverskaya.id}`, { token: admin });
    expect(used.body).toEqual({ ok: true, deactivated: true });
    expect((await t.rest<PickupPoint[]>('GET', '/pickup-points')).body.map((row) => row.id)).toEqual([point.arbat.id]);
    const unused = await t.rest<{ ok: true; deactivated: boolean }>('DELETE', `/admin/delivery-methods/${method.old.id}`, { token: admin });
    expect(unused.body).toEqual({ ok: true, deactivated: false });
    expect((await t.rest<DeliveryMethod[]>('GET', '/admin/delivery-methods', { token: admin })).body.map((row) => row.id)).not.toContain(method.old.id);
    const order = await t.rest<Checkout>('GET', `/checkouts/${orders['pickup']!.id}`, { token: admin });
    expect(order.body.delivery?.pickupPoint).toMatchObject({ id: point.tverskaya.id, name: 'Магазин на Тверской' });
  });
});

describe('the admin completes a one-click order', () => {
  it('sets the delivery of a New order (total = goods + cost), only as Admin; 409 once it is in delivery', async () => {
    const placed = await direct({ address: { ...delivery, city: 'Томск' }, oneClick: { variantId: variantOf(shop.mug), quantity: 2 } }, 'oneclick@guest.test');
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ oneClick: true, itemsAmount: 700, totalAmount: 700, delivery: null });
    const id = placed.body.id;
    const path = `/checkouts/${id}/delivery`;
    const courier = { deliveryMethodId: method.courier.id, address: { address: 'ул. Ленина, д. 5', city: 'Москва', country: 'Россия', zipCode: '101000' } };
    expect((await t.rest('PUT', path, { body: courier })).status).toBe(401);
    expect((await t.rest('PUT', path, { token: shopper.token, body: courier })).status).toBe(403);

    const noZone = await t.rest<{ message: string }>('PUT', path, { token: admin, body: { deliveryMethodId: method.courier.id } });
    expect([noZone.status, noZone.body.message]).toEqual([400, courierUnavailableMessage('Томск')]);
    const set = await t.rest<Checkout>('PUT', path, { token: admin, body: courier });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ itemsAmount: 700, totalAmount: 1699, city: 'Москва', address: 'ул. Ленина, д. 5', delivery: { kind: 'courier', cost: 999 } });
    const pickup = await t.trpc(admin).orders.checkouts.setDelivery.mutate({ checkoutId: id, deliveryMethodId: method.pickup.id, pickupPointId: point.arbat.id });
    expect(pickup).toMatchObject({ itemsAmount: 700, totalAmount: 700, city: 'Москва', address: 'ул. Новый Арбат, д. 15', delivery: { kind: 'pickup', cost: 0 } });

    expect((await t.rest('PUT', `/checkouts/${id}`, { token: admin, body: { status: 'InDelivery' } })).status).toBe(200);
    const late = await t.rest<{ message: string }>('PUT', path, { token: admin, body: courier });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('только у нового заказа');
    expect((await t.rest('PUT', '/checkouts/999999/delivery', { token: admin, body: courier })).status).toBe(404);
  });
});

describe('REST and the OpenAPI document', () => {
  it('describes the delivery paths and the checkouts’ delivery fields', async () => {
    const document = await t.rest<{ paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>> }>('GET', '/openapi.json');
    const verbs = (path: string) => Object.keys(document.body.paths[path] ?? {}).sort();
    expect(verbs('/delivery/options')).toEqual(['get']);
    expect(verbs('/delivery/quote')).toEqual(['get']);
    expect(verbs('/delivery-methods')).toEqual(['get']);
    expect(verbs('/pickup-points')).toEqual(['get']);
    expect(verbs('/admin/delivery-methods')).toEqual(['get', 'post']);
    expect(verbs('/admin/delivery-methods/{methodId}')).toEqual(['delete', 'put']);
    expect(verbs('/admin/pickup-points')).toEqual(['get', 'post']);
    expect(verbs('/admin/pickup-points/{pointId}')).toEqual(['delete', 'put']);
    expect(verbs('/checkouts/{checkoutId}/delivery')).toEqual(['put']);
    for (const path of ['/checkouts', '/checkouts/direct']) {
      const properties = document.body.paths[path]?.['post']?.requestBody?.content['application/json']?.schema.properties ?? {};
      expect(Object.keys(properties)).toEqual(expect.arrayContaining(['deliveryMethodId', 'pickupPointId']));
    }
  });
});
