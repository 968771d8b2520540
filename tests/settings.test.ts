import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../src/shared/schemas/orders.js';
import { paymentMessages } from '../src/shared/schemas/payments.js';
import type { AdminShopSettings, PublicShopSettings } from '../src/shared/schemas/settings.js';
import { signUpShopper } from './support/accounts-support.js';
import { delivery } from './support/orders-support.js';
import { paymentsHelpers, startPaymentsShop, type PaymentsShop } from './support/payments-support.js';

/** The shop's run-time settings (docs/settings.md): defaults, who may change them, and what they switch. */
let s: PaymentsShop;
const { basketWith, nextGuest, nextIp } = paymentsHelpers(() => s, '10.31.0');

beforeAll(async () => {
  s = await startPaymentsShop();
});

afterAll(async () => {
  await s?.t.close();
  await s?.fake.close();
});

const publicSettings = async () => (await s.t.rest<PublicShopSettings>('GET', '/settings')).body;

describe('shop settings', () => {
  it('start at their defaults, and only an Admin reads or changes them', async () => {
    expect(await publicSettings()).toEqual({ onlinePaymentAvailable: true, moderation: 'post' });
    expect(await s.t.rest('GET', '/settings/shop', { token: s.shop.adminToken })).toEqual({ status: 200, body: { onlinePayment: true, moderation: 'post', onlinePaymentConfigured: true } });
    const shopper = await signUpShopper(s.t);
    expect((await s.t.rest('PUT', '/settings/shop', { body: { moderation: 'pre' } })).status).toBe(401);
    expect((await s.t.rest('PUT', '/settings/shop', { token: shopper.accessToken, body: { moderation: 'pre' } })).status).toBe(403);
    expect((await s.t.rest('GET', '/settings/shop', { token: shopper.accessToken })).status).toBe(403);
    const refused = await s.t.rest<{ message: string }>('PUT', '/settings/shop', { token: s.shop.adminToken, body: { moderation: 'sometimes' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Выберите режим модерации');
    expect((await publicSettings()).moderation).toBe('post');
  });

  it('turning online payment off hides it from checkout and refuses online orders; on again, they are taken', async () => {
    const off = await s.t.rest<AdminShopSettings>('PUT', '/settings/shop', { token: s.shop.adminToken, body: { onlinePayment: false } });
    expect(off).toEqual({ status: 200, body: { onlinePayment: false, moderation: 'post', onlinePaymentConfigured: true } });
    expect(await publicSettings()).toEqual({ onlinePaymentAvailable: false, moderation: 'post' });

    const order = async () => {
      const basketId = await basketWith([{ variantId: s.plaid.variants[0]!.id, quantity: 1 }]);
      return s.t.rest<Checkout & { message: string }>('POST', '/checkouts/direct', { ip: nextIp(), body: { ...nextGuest(), address: delivery, basketId, paymentMethod: 'online' } });
    };
    expect(await order()).toMatchObject({ status: 400, body: { message: paymentMessages.onlineUnavailable } });

    await s.t.rest('PUT', '/settings/shop', { token: s.shop.adminToken, body: { onlinePayment: true, moderation: 'pre' } });
    expect(await publicSettings()).toEqual({ onlinePaymentAvailable: true, moderation: 'pre' });
    expect(await order()).toMatchObject({ status: 200, body: { status: 'AwaitingPayment', paymentMethod: 'online' } });
    const stored = await s.t.db.selectFrom('shopSettings').select(['name', 'updatedBy']).orderBy('name').execute();
    expect(stored.map((row) => row.name)).toEqual(['moderation', 'onlinePayment']);
    expect(stored.every((row) => row.updatedBy !== null)).toBe(true);
  });
});
