import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../src/shared/schemas/orders.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, setUpShop, variantOf, type Shop } from './support/orders-support.js';
import { product, shopper } from './support/reviews-support.js';

/** Integrators that sync walk the large lists with a cursor: no row repeats or goes missing while rows are added. */
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await startTestApp();
  shop = await setUpShop(t);
});
afterAll(() => t.close());

interface Page<T> {
  rows: T[];
  length: number;
  nextCursor: string | null;
}

async function placeOrder(index: number): Promise<number> {
  const order = await t.rest<Checkout>('POST', '/checkouts/direct', {
    body: { ...guest, email: `cursor${index}@guest.test`, address: delivery, oneClick: { variantId: variantOf(shop.mug) } },
  });
  expect(order.status).toBe(200);
  return order.body.id;
}

describe('cursor paging', () => {
  it('walks the orders newest first without repeats while new orders arrive, where offset repeats them', async () => {
    const before: number[] = [];
    for (let index = 0; index < 6; index += 1) before.push(await placeOrder(index));
    const seen: number[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const query: string = `/checkouts/all?limit=2&sortBy=createdAt&orderBy=desc${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await t.rest<Page<Checkout>>('GET', query, { token: shop.adminToken });
      expect(page.status).toBe(200);
      seen.push(...page.body.rows.map((row) => row.id));
      cursor = page.body.nextCursor;
      // New orders sort ahead of the reader while it walks.
      if (added < 2) {
        await placeOrder(100 + added);
        added += 1;
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...before].reverse());

    // The same walk with offset meets the orders pushed down by the new ones again.
    const first = await t.rest<Page<Checkout>>('GET', '/checkouts/all?limit=2&sortBy=createdAt&orderBy=desc', { token: shop.adminToken });
    await placeOrder(200);
    const second = await t.rest<Page<Checkout>>('GET', '/checkouts/all?limit=2&offset=2&sortBy=createdAt&orderBy=desc', { token: shop.adminToken });
    expect(second.body.rows.map((row) => row.id)).toContain(first.body.rows[1]?.id);
  });

  it('works in every sort order and refuses a forged cursor or a cursor with offset', async () => {
    const all = await t.rest<Page<Checkout>>('GET', '/checkouts/all?limit=1000&sortBy=totalAmount&orderBy=asc', { token: shop.adminToken });
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Page<Checkout> } = await t.rest<Page<Checkout>>('GET', `/checkouts/all?limit=3&sortBy=totalAmount&orderBy=asc${cursor ? `&cursor=${cursor}` : ''}`, { token: shop.adminToken });
      walked.push(...page.body.rows.map((row) => row.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all.body.rows.map((row) => row.id));
    expect(all.body.nextCursor).toBeNull();
    const forged = await t.rest<{ message: string }>('GET', '/checkouts/all?cursor=not-a-cursor', { token: shop.adminToken });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toContain('cursor');
    const both = await t.rest<{ message: string }>('GET', `/checkouts/all?limit=1&offset=1&cursor=${Buffer.from('["2026-01-01T00:00:00.000Z",1]').toString('base64url')}`, { token: shop.adminToken });
    expect(both.status).toBe(400);
  });

  it('walks the reviews newest first, and only in that order', async () => {
    const productId = await product(t, 'cursor-product');
    const authors = await Promise.all([0, 1, 2, 3, 4].map((index) => shopper(t, `reviewer${index}@shop.test`, 'Рита', 'Отзывова')));
    const ids: number[] = [];
    for (const author of authors) {
      const review = await t.rest<{ id: number }>('POST', '/reviews', { token: author.token, body: { productId, rating: 5, text: 'Хороший товар, рекомендую всем.' } });
      expect(review.status).toBe(200);
      ids.push(review.body.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Page<{ id: number }> } = await t.rest<Page<{ id: number }>>('GET', `/reviews?productId=${productId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.rows.map((row) => row.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const otherOrder = await t.rest<{ message: string }>('GET', `/reviews?sort=useful&cursor=${Buffer.from('["2026-01-01T00:00:00Z",1]').toString('base64url')}`);
    expect(otherOrder.status).toBe(400);
    expect(otherOrder.body.message).toContain('sort=newest');
  });
});
