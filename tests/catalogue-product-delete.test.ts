import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import type { Product } from '../src/shared/schemas/catalogue.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, signUp, variantOf } from './support/orders-support.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
});

afterAll(async () => {
  await t.close();
});

async function newProduct(url: string): Promise<Product> {
  const created = await t.rest<Product>('POST', '/products', { token: adminToken, body: { name: `Товар ${url}`, url, variants: [{ article: url.toUpperCase(), price: 500, stock: 10 }] } });
  expect(created.status).toBe(200);
  return created.body;
}

const remove = (id: number) => t.rest<{ message: string }>('DELETE', `/products/${id}`, { token: adminToken });

describe('deleting a product', () => {
  it('that shoppers reviewed and asked about is refused, offering to withdraw it; nothing is lost', async () => {
    const product = await newProduct('reviewed');
    const anna = await signUp(t, 'anna.keeps@shop.test');
    const review = await t.rest<{ id: number }>('POST', '/reviews', { token: anna.token, body: { productId: product.id, rating: 5, text: 'Отличная вещь' } });
    expect(review.status).toBe(200);
    expect((await t.rest('POST', '/questions', { token: anna.token, body: { productId: product.id, text: 'Какой размер выбрать?' } })).status).toBe(200);

    const refused = await remove(product.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${domainMessages.hasDependents}: 1 отзыв, 1 вопрос. ${domainMessages.withdrawInstead}`);
    expect((await t.rest('GET', `/reviews/${review.body.id}`)).status).toBe(200);

    // Withdrawn instead: still readable with its reviews, no longer orderable.
    const withdrawn = await t.rest<Product>('PUT', `/products/${product.id}`, { token: adminToken, body: { ...product, availability: false } });
    expect(withdrawn.status).toBe(200);
    expect((await t.rest<Product>('GET', `/products/by-url/reviewed`)).body.availability).toBe(false);
    expect((await t.rest<{ length: number }>('GET', `/reviews?productId=${product.id}`)).body.length).toBe(1);
    const order = await t.rest('POST', '/checkouts/direct', { body: { ...guest, address: delivery, oneClick: { variantId: variantOf(product) } } });
    expect(order.status).toBe(409);
  });

  it('that was ordered is refused: order history keeps pointing at it', async () => {
    const product = await newProduct('ordered');
    expect((await t.rest('POST', '/checkouts/direct', { body: { ...guest, address: delivery, oneClick: { variantId: variantOf(product), quantity: 2 } } })).status).toBe(200);
    const refused = await remove(product.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 заказ');
  });

  it('is refused by the database itself when a review arrives at the same instant', async () => {
    const product = await newProduct('racing');
    const anna = await signUp(t, 'anna.race@shop.test');
    expect((await t.rest('POST', '/reviews', { token: anna.token, body: { productId: product.id, rating: 4, text: 'Успела' } })).status).toBe(200);
    await expect(sql`delete from products where id = ${product.id}`.execute(t.db)).rejects.toMatchObject({ code: '23503' });
  });

  it('that nobody reviewed or ordered is deleted', async () => {
    const product = await newProduct('unused');
    expect(await remove(product.id)).toEqual({ status: 200, body: { ok: true } });
    expect((await t.rest('GET', `/products/${product.id}`)).status).toBe(404);
  });
});
