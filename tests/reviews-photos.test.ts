import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { product, shopper, upload, type ReviewBody, type Shopper } from './support/reviews-support.js';

let t: TestApp;
let anna: Shopper;
let petr: Shopper;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp({ PHOTOS_PER_USER_PER_DAY: '4' });
  anna = await shopper(t, 'anna@shop.test', 'Анна', 'Петрова');
  petr = await shopper(t, 'petr@shop.test', 'Пётр', 'Иванов');
  adminToken = await t.signInAdmin();
});
afterAll(() => t?.close());

describe('review photos', () => {
  it('are the shopper’s own uploads, shown on the review, and in use while it shows them', async () => {
    const uploaded = await upload(t, anna.token, 2);
    expect(uploaded.status).toBe(200);
    const names = uploaded.body as string[];
    const productId = await product(t, 'photos-own');
    const review = await t.rest<ReviewBody>('POST', '/reviews', { body: { productId, rating: 5, text: 'С фото', images: names }, token: anna.token });
    expect(review.status).toBe(200);
    expect(review.body.images).toEqual(names);
    const refused = await t.rest<{ message: string }>('DELETE', `/images/${names[0]}`, { token: adminToken });
    expect(refused).toEqual({ status: 409, body: { statusCode: 409,code: 'CONFLICT',  message: `${domainMessages.imageInUsePrefix}отзывах: ${review.body.id}` } });
    // Dropping a photo from the review frees it.
    await t.rest('PUT', `/reviews/${review.body.id}`, { body: { images: [names[1]] }, token: anna.token });
    expect((await t.rest('DELETE', `/images/${names[0]}`, { token: adminToken })).status).toBe(200);
  });

  it('cannot be someone else’s images', async () => {
    const petrs = (await upload(t, petr.token)).body as string[];
    const productId = await product(t, 'photos-foreign');
    const refused = await t.rest<{ message: string }>('POST', '/reviews', { body: { productId, rating: 4, text: 'Чужое фото', images: petrs }, token: anna.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`${domainMessages.photoNotYours}: ${petrs[0]}`);
    const missing = await t.rest('POST', '/reviews', { body: { productId, rating: 4, text: 'Нет фото', images: [`${'a'.repeat(32)}.webp`] }, token: anna.token });
    expect(missing.status).toBe(400);
  });

  it('are at most 10 on a review', async () => {
    const productId = await product(t, 'photos-eleven');
    const names = Array.from({ length: 11 }, (_, index) => `${index.toString(16).padStart(32, '0')}.webp`);
    const refused = await t.rest<{ message: string }>('POST', '/reviews', { body: { productId, rating: 4, text: 'Много фото', images: names }, token: anna.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Не больше 10 фотографий в отзыве');
  });

  it('are limited per shopper and day (429), not for an Admin', async () => {
    const fresh = await shopper(t, 'quota@shop.test', 'Квота', 'Проверкина');
    expect((await upload(t, fresh.token, 3)).status).toBe(200);
    const over = await upload(t, fresh.token, 2);
    expect(over).toEqual({ status: 429, body: { statusCode: 429,code: 'TOO_MANY_REQUESTS',  message: `${domainMessages.uploadQuota} 4 в сутки.` } });
    expect((await upload(t, fresh.token, 1)).status).toBe(200);
    expect((await upload(t, fresh.token, 1)).status).toBe(429);
    const counted = await t.db.selectFrom('images').select('name').where('uploadedBy', '=', fresh.id).execute();
    expect(counted).toHaveLength(4);
    expect((await upload(t, adminToken, 5)).status).toBe(200);
  });

  it('keep the quota under parallel uploads', async () => {
    const racer = await shopper(t, 'racer@shop.test', 'Гонщик', 'Быстров');
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => upload(t, racer.token, 1)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(2);
  });
});
