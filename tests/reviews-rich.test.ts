import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import type { ModerationItem } from '../src/shared/schemas/moderation.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { product, shopper, upload, type ListBody, type ReviewBody, type Shopper } from './support/reviews-support.js';

/** Richer reviews (docs/reviews.md): pros, cons, size fit, the «Только с фото» filter, the size-fit summary and the photo strip. */
let t: TestApp;
let admin: string;
let people: Shopper[];

type RichReview = ReviewBody & { pros: string | null; cons: string | null; sizeFit: string | null };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAdmin();
  people = [];
  for (const [index, [first, last]] of [
    ['Анна', 'Петрова'],
    ['Пётр', 'Иванов'],
    ['Вера', 'Волкова'],
    ['Олег', 'Орлов'],
  ].entries()) {
    people.push(await shopper(t, `rich${index}@shop.test`, first!, last!));
  }
});
afterAll(() => t?.close());

/** A product with the size «M» assigned. */
async function sizedProduct(url: string): Promise<number> {
  const productId = await product(t, url);
  const size = await t.db.insertInto('sizes').values({ name: `M-${url}`, url: `m-${url}` }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('productSizes').values({ productId, sizeId: size.id }).execute();
  return productId;
}

const post = (token: string, body: object) => t.rest<RichReview & { message: string }>('POST', '/reviews', { body, token });

describe('pros, cons and size fit', () => {
  it('are saved and returned by REST and tRPC, and an empty text is no text', async () => {
    const productId = await sizedProduct('rich-saved');
    const [anna] = people;
    const created = await post(anna!.token, { productId, rating: 4, text: 'Хорошая куртка', pros: '  Тёплая ', cons: 'Маркая', sizeFit: 'small' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ pros: 'Тёплая', cons: 'Маркая', sizeFit: 'small' });
    const read = await t.trpc().reviews.reviews.get.query({ reviewId: created.body.id });
    expect(read).toMatchObject({ pros: 'Тёплая', cons: 'Маркая', sizeFit: 'small' });
    const changed = await t.rest<RichReview>('PUT', `/reviews/${created.body.id}`, { body: { cons: '', sizeFit: 'fits' }, token: anna!.token });
    expect(changed.body).toMatchObject({ pros: 'Тёплая', cons: null, sizeFit: 'fits' });
    const cleared = await t.rest<RichReview>('PUT', `/reviews/${created.body.id}`, { body: { sizeFit: null, pros: null }, token: anna!.token });
    expect(cleared.body).toMatchObject({ pros: null, cons: null, sizeFit: null });
    const plain = await post(people[1]!.token, { productId, rating: 5, text: 'Без подробностей' });
    expect(plain.body).toMatchObject({ pros: null, cons: null, sizeFit: null });
  });

  it('are at most 2000 characters each, and the size fit one of three values (400)', async () => {
    const productId = await sizedProduct('rich-limits');
    const token = people[0]!.token;
    const long = await post(token, { productId, rating: 4, text: 'Текст', pros: 'а'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('Достоинства: не длиннее 2000 символов');
    const longCons = await post(token, { productId, rating: 4, text: 'Текст', cons: 'б'.repeat(2001) });
    expect(longCons.status).toBe(400);
    expect(longCons.body.message).toContain('Недостатки: не длиннее 2000 символов');
    expect((await post(token, { productId, rating: 4, text: 'Текст', sizeFit: 'huge' })).status).toBe(400);
    expect((await post(token, { productId, rating: 4, text: 'Текст', pros: 'а'.repeat(2000) })).status).toBe(200);
  });

  it('refuse a size fit on a product without sizes with a Russian 400, on writing and on editing', async () => {
    const productId = await product(t, 'rich-no-sizes');
    const token = people[0]!.token;
    const refused = await post(token, { productId, rating: 5, text: 'Кружка', sizeFit: 'fits' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(domainMessages.sizeFitWithoutSizes);
    const created = await post(token, { productId, rating: 5, text: 'Кружка', pros: 'Держит тепло', sizeFit: null });
    expect(created.status).toBe(200);
    const edit = await t.rest<{ message: string }>('PUT', `/reviews/${created.body.id}`, { body: { sizeFit: 'large' }, token });
    expect(edit).toMatchObject({ status: 400, body: { message: domainMessages.sizeFitWithoutSizes } });
  });

  it('are shown to moderators in the moderation queue', async () => {
    const productId = await sizedProduct('rich-queue');
    const created = await post(people[2]!.token, { productId, rating: 3, text: 'Средне', pros: 'Цена', cons: 'Швы', sizeFit: 'large' });
    const queue = await t.rest<ListBody<ModerationItem>>('GET', '/moderation?kind=review&limit=100', { token: admin });
    expect(queue.status).toBe(200);
    expect(queue.body.rows.find((item) => item.id === created.body.id)).toMatchObject({ pros: 'Цена', cons: 'Швы', sizeFit: 'large' });
  });
});

describe('size-fit summary', () => {
  it('counts approved reviews only, and says whether the product has sizes', async () => {
    const productId = await sizedProduct('rich-summary');
    const fits = ['fits', 'fits', 'small', 'large'] as const;
    const ids: number[] = [];
    for (const [index, sizeFit] of fits.entries()) ids.push((await post(people[index]!.token, { productId, rating: 5, text: 'Отзыв', sizeFit })).body.id);
    expect(await t.trpc().reviews.reviews.summary.query({ productId })).toMatchObject({ count: 4, sizeFit: { sized: true, fits: 2, small: 1, large: 1 } });
    const rejected = await t.rest('POST', `/moderation/reviews/${ids[3]}/reject`, { token: admin, body: { reason: 'Реклама' } });
    expect(rejected.status).toBe(200);
    expect((await t.trpc().reviews.reviews.summary.query({ productId })).sizeFit).toEqual({ sized: true, fits: 2, small: 1, large: 0 });
    const plain = await product(t, 'rich-summary-plain');
    expect((await t.trpc().reviews.reviews.summary.query({ productId: plain })).sizeFit).toEqual({ sized: false, fits: 0, small: 0, large: 0 });
  });
});

describe('photos', () => {
  it('«Только с фото» (withPhotos=true) lists only reviews with photos, with the total', async () => {
    const productId = await product(t, 'rich-photos');
    const names = (await upload(t, people[0]!.token, 2)).body as string[];
    const withPhotos = await post(people[0]!.token, { productId, rating: 5, text: 'С фото', images: names });
    await post(people[1]!.token, { productId, rating: 4, text: 'Без фото' });
    const all = await t.rest<ListBody<RichReview>>('GET', `/reviews?productId=${productId}`);
    expect(all.body.length).toBe(2);
    const filtered = await t.rest<ListBody<RichReview>>('GET', `/reviews?productId=${productId}&withPhotos=true`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.length).toBe(1);
    expect(filtered.body.rows.map((row) => row.id)).toEqual([withPhotos.body.id]);
    const trpcFiltered = await t.trpc().reviews.reviews.list.query({ productId, withPhotos: true });
    expect(trpcFiltered.rows.map((row) => row.id)).toEqual([withPhotos.body.id]);
  });

  it('the strip shows the photos of approved reviews, newest review first, each review’s in order', async () => {
    const productId = await product(t, 'rich-strip');
    const older = (await upload(t, people[2]!.token, 2)).body as string[];
    const newer = (await upload(t, people[3]!.token, 1)).body as string[];
    const hidden = (await upload(t, people[1]!.token, 1)).body as string[];
    const first = await post(people[2]!.token, { productId, rating: 5, text: 'Первый', images: older });
    await sql`update reviews set created_at = now() - interval '1 day' where id = ${first.body.id}`.execute(t.db);
    await post(people[3]!.token, { productId, rating: 4, text: 'Второй', images: newer });
    const bad = await post(people[1]!.token, { productId, rating: 1, text: 'Скрытый', images: hidden });
    await t.rest('POST', `/moderation/reviews/${bad.body.id}/reject`, { token: admin, body: { reason: 'Реклама' } });
    const strip = await t.trpc().reviews.reviews.photos.query({ productId });
    expect(strip.map((photo) => photo.image)).toEqual([...newer, ...older]);
    expect(strip[1]).toEqual({ reviewId: first.body.id, image: older[0] });
    expect(await t.trpc().reviews.reviews.photos.query({ productId: await product(t, 'rich-strip-empty') })).toEqual([]);
  });
});
