import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, Checkout } from '../src/shared/schemas/orders.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, setUpShop, signUp, variantOf, type Shop } from './support/orders-support.js';

/** Saved addresses' default (one per user) and phones stored in one normal form. */

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await startTestApp();
  shop = await setUpShop(t);
});

afterAll(async () => {
  await t.close();
});

type List = { rows: Address[]; length: number };

describe('the default address', () => {
  it('is the first one saved, moves with isDefault, and passes to the newest when deleted', async () => {
    const vera = await signUp(t, 'vera.addresses@shop.test', 'Вера');
    const save = async (lastName: string, extra: Record<string, unknown> = {}) => {
      const answer = await t.rest<Address>('POST', '/addresses', { token: vera.token, body: { firstName: 'Вера', lastName, ...delivery, phone: '8 900 111-22-33', ...extra } });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const defaults = async () => (await t.rest<List>('GET', '/addresses?limit=100', { token: vera.token })).body.rows.filter((row) => row.isDefault).map((row) => row.id);

    const home = await save('Домашняя');
    expect(home.isDefault).toBe(true);
    const work = await save('Рабочая');
    expect(work.isDefault).toBe(false);
    expect(await defaults()).toEqual([home.id]);

    // A new address saved as the default takes it over in the same request.
    const dacha = await save('Дачная', { isDefault: true });
    expect(dacha.isDefault).toBe(true);
    expect(await defaults()).toEqual([dacha.id]);

    // PUT with isDefault true: the others stop being it; false or absent changes nothing.
    const made = await t.rest<Address>('PUT', `/addresses/${work.id}`, { token: vera.token, body: { firstName: 'Вера', lastName: 'Рабочая', ...delivery, isDefault: true } });
    expect(made).toMatchObject({ status: 200, body: { id: work.id, isDefault: true } });
    expect(await defaults()).toEqual([work.id]);
    const kept = await t.trpc(vera.token).orders.addresses.update.mutate({ addressId: work.id, firstName: 'Вера', lastName: 'Рабочая', ...delivery, city: 'Тверь', isDefault: false });
    expect(kept).toMatchObject({ city: 'Тверь', isDefault: true });
    expect(await defaults()).toEqual([work.id]);

    // Deleting the default: the newest remaining (dacha) becomes it; deleting another changes nothing.
    expect((await t.rest('DELETE', `/addresses/${work.id}`, { token: vera.token })).status).toBe(200);
    expect(await defaults()).toEqual([dacha.id]);
    expect((await t.rest('DELETE', `/addresses/${home.id}`, { token: vera.token })).status).toBe(200);
    expect(await defaults()).toEqual([dacha.id]);
    expect((await t.rest('DELETE', `/addresses/${dacha.id}`, { token: vera.token })).status).toBe(200);
    expect(await defaults()).toEqual([]);
    // With none left, the next one saved is the default again.
    expect((await save('Новая')).isDefault).toBe(true);
  });

  it('keeps a typed checkout address when «Сохранить адрес» is on, once, and becomes the first default', async () => {
    const lev = await signUp(t, 'lev.addresses@shop.test', 'Лев');
    const order = (extra: Record<string, unknown>) =>
      t.rest<Checkout>('POST', '/checkouts', { token: lev.token, body: { consent: true, lastName: 'Адресов', phone: '8 913 555-00-11', address: delivery, oneClick: { variantId: variantOf(shop.mug), quantity: 1 }, ...extra } });
    const kept = async () => (await t.rest<List>('GET', '/addresses?limit=100', { token: lev.token })).body.rows;

    expect((await order({})).status).toBe(200);
    expect(await kept()).toEqual([]);
    expect((await order({ saveAddress: true })).status).toBe(200);
    expect(await kept()).toMatchObject([{ firstName: 'Лев', lastName: 'Адресов', phone: '+79135550011', city: delivery.city, zipCode: delivery.zipCode, isDefault: true }]);
    // The same address again (another letter case) is not kept twice.
    expect((await order({ saveAddress: true, address: { ...delivery, address: delivery.address.toUpperCase() } })).status).toBe(200);
    expect(await kept()).toHaveLength(1);
  });

  it('is one per user even when addresses are saved at once', async () => {
    const gleb = await signUp(t, 'gleb.addresses@shop.test', 'Глеб');
    const answers = await Promise.all(
      ['Первая', 'Вторая', 'Третья', 'Четвёртая'].map((lastName) => t.rest<Address>('POST', '/addresses', { token: gleb.token, body: { firstName: 'Глеб', lastName, ...delivery } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.isDefault)).toHaveLength(1);
    const rows = (await t.rest<List>('GET', '/addresses', { token: gleb.token })).body.rows;
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
  });

  it('is never a guest\'s direct address, and another user\'s address cannot be made default', async () => {
    const direct = await t.rest<Address>('POST', '/addresses/direct', { body: { firstName: 'Гость', lastName: 'Гостев', ...delivery, isDefault: true } });
    expect(direct).toMatchObject({ status: 200, body: { userId: null, isDefault: false } });
    const owner = await signUp(t, 'owner.addresses@shop.test', 'Ольга');
    const stranger = await signUp(t, 'stranger.addresses@shop.test', 'Пётр');
    const own = await t.rest<Address>('POST', '/addresses', { token: owner.token, body: { firstName: 'Ольга', lastName: 'Своя', ...delivery } });
    const refused = await t.rest('PUT', `/addresses/${own.body.id}`, { token: stranger.token, body: { firstName: 'Пётр', lastName: 'Чужой', ...delivery, isDefault: true } });
    expect(refused.status).toBe(403);
  });
});

describe('phones', () => {
  it('are refused unless Russian, with the expected spelling named', async () => {
    const lida = await signUp(t, 'lida.addresses@shop.test', 'Лида');
    for (const phone of ['+380 44 123 4567', '495 123 45 67', '+7 900 123']) {
      const answer = await t.rest<{ message: string }>('POST', '/addresses', { token: lida.token, body: { firstName: 'Лида', lastName: 'Тестова', ...delivery, phone } });
      expect(answer.status, phone).toBe(400);
      expect(answer.body.message).toContain('Введите телефон в формате +7 (900) 123-45-67');
    }
  });

  it('are stored as +7XXXXXXXXXX on addresses and orders, whatever the spelling', async () => {
    const nina = await signUp(t, 'nina.addresses@shop.test', 'Нина');
    const address = await t.rest<Address>('POST', '/addresses', { token: nina.token, body: { firstName: 'Нина', lastName: 'Телефонова', ...delivery, phone: '8 (912) 345-67-89' } });
    expect(address.body.phone).toBe('+79123456789');
    const edited = await t.rest<Address>('PUT', `/addresses/${address.body.id}`, { token: nina.token, body: { firstName: 'Нина', lastName: 'Телефонова', ...delivery, phone: '9123456780' } });
    expect(edited.body.phone).toBe('+79123456780');

    const signedIn = await t.rest<Checkout>('POST', '/checkouts', {
      token: nina.token,
      body: { consent: true, addressId: address.body.id, phone: '+7 (912) 345 67 89', oneClick: { variantId: variantOf(shop.mug), quantity: 1 } },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.phone).toBe('+79123456789');

    const direct = await t.rest<Checkout>('POST', '/checkouts/direct', {
      body: { ...guest, phone: '8 900 123 45 67', address: delivery, oneClick: { variantId: variantOf(shop.mug), quantity: 1 } },
    });
    expect(direct.status).toBe(200);
    const stored = await t.db.selectFrom('checkouts').select(['phone', 'phoneDigits']).where('id', '=', direct.body.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ phone: '+79001234567', phoneDigits: '79001234567' });

    // The admin finds the order by the phone as people write it.
    const found = await t.rest<{ rows: Checkout[] }>('GET', `/checkouts/all?customer=${encodeURIComponent('8 900 123-45-67')}&limit=100`, { token: shop.adminToken });
    expect(found.body.rows.map((row) => row.id)).toContain(direct.body.id);
  });
});
