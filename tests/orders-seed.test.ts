import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import type { DeliveryOptions } from '../src/shared/schemas/delivery.js';
import type { Checkout, CheckoutStats } from '../src/shared/schemas/orders.js';
import { startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.db, { production: false });
  // Idempotent: a second run adds nothing.
  await seedDemoData(t.db, { production: false });
});
afterAll(() => t?.close());

describe('demo orders', () => {
  it('has a few dozen orders over the last 30 days in every status, some by the demo shopper', async () => {
    const token = (await t.trpc().accounts.auth.signin.mutate({ email: 'admin@shop.local', password: 'admin-demo-2026' })).accessToken;
    const all = await t.rest<{ rows: Checkout[]; length: number }>('GET', '/checkouts/all?limit=1000', { token });
    expect(all.body.length).toBeGreaterThanOrEqual(30);
    expect(all.body.length).toBeLessThanOrEqual(60);
    expect(new Set(all.body.rows.map((row) => row.status))).toEqual(new Set(['New', 'InDelivery', 'Completed', 'Canceled']));
    for (const order of all.body.rows) {
      expect(order.lines.length).toBeGreaterThan(0);
      expect(order.totalAmount).toBeCloseTo(order.lines.reduce((sum, line) => sum + line.lineTotal, 0), 2);
      expect(order.history.at(-1)?.toStatus).toBe(order.status);
      // Demo orders carry no delivery: the goods are the whole total.
      expect([order.itemsAmount, order.delivery]).toEqual([order.totalAmount, null]);
      expect(Date.now() - new Date(order.createdAt).getTime()).toBeLessThan(31 * 86_400_000);
    }
    const stats: CheckoutStats = await t.trpc(token).orders.checkouts.stats.query();
    expect(stats.orders30).toBe(all.body.length);
    expect(stats.days.filter((day) => day.orders > 0).length).toBeGreaterThan(8);

    const anna = (await t.trpc().accounts.auth.signin.mutate({ email: 'anna@shop.local', password: 'shopper-demo-2026' })).accessToken;
    const own = await t.rest<{ rows: Checkout[] }>('GET', '/checkouts?limit=1000', { token: anna });
    expect(own.body.rows.length).toBeGreaterThan(3);
    const address = await t.rest<{ rows: unknown[] }>('GET', '/addresses?limit=1', { token: anna });
    expect(address.body.rows).toHaveLength(1);
  });

  it('offers the demo delivery: free from 5 000 ₽ as the home page promises', async () => {
    const options = await t.rest<DeliveryOptions>('GET', '/delivery/options');
    expect(options.body.freeFrom).toBe(5000);
    expect(options.body.methods.map((method) => [method.kind, method.name, method.estimate])).toEqual([
      ['courier', 'Курьер', '1–4 дня'],
      ['pickup', 'Самовывоз', '1–2 дня'],
      ['post', 'Почта России', '5–10 дней'],
    ]);
    expect(options.body.methods[0]?.zones.map((zone) => [zone.name, zone.price, zone.freeFrom, zone.minDays, zone.maxDays])).toEqual([
      ['Москва и Санкт-Петербург', 300, 5000, 1, 2],
      ['Московская и Ленинградская области', 500, 7000, 2, 4],
    ]);
    expect(options.body.pickupPoints.map((point) => point.city)).toEqual(['Москва', 'Москва', 'Санкт-Петербург']);
    // Seeding twice added nothing.
    expect(await t.db.selectFrom('deliveryMethods').select('id').execute()).toHaveLength(3);
  });
});
