import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationItem } from '../src/shared/schemas/moderation.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { product, productRating, shopper, type ListBody, type ReviewBody, type Shopper } from './support/reviews-support.js';

/** Moderation of reviews and questions (docs/moderation.md): both modes, the author's view, ratings, the queue and who may use it. */
let t: TestApp;
let admin: string;
let anna: Shopper;
let petr: Shopper;

type Moderated = ReviewBody & { moderationStatus: string; moderationReason: string | null };
type Counts = { moderation: number; inbox: number };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAdmin();
  anna = await shopper(t, 'anna.mod@shop.test', 'Анна', 'Петрова');
  petr = await shopper(t, 'petr.mod@shop.test', 'Пётр', 'Иванов');
});
afterAll(() => t?.close());

const setMode = async (moderation: 'pre' | 'post') => {
  expect((await t.rest('PUT', '/settings/shop', { token: admin, body: { moderation } })).status).toBe(200);
};
const counts = async () => (await t.rest<Counts>('GET', '/admin/counts', { token: admin })).body;
const listIds = async (productId: number, token?: string) =>
  (await t.rest<ListBody<Moderated>>('GET', `/reviews?productId=${productId}`, token ? { token } : {})).body.rows.map((row) => row.id);

describe('pre-moderation', () => {
  it('keeps a new review out of lists, counts and the rating until approved, and shows it to its author marked pending', async () => {
    await setMode('pre');
    const productId = await product(t, 'mod-pre');
    const before = (await counts()).moderation;
    const created = await t.rest<Moderated>('POST', '/reviews', { token: anna.token, body: { productId, rating: 2, text: 'Жду проверки' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ moderationStatus: 'pending', moderationReason: null });

    expect(await listIds(productId)).toEqual([]);
    expect(await listIds(productId, petr.token)).toEqual([]);
    expect(await listIds(productId, anna.token)).toEqual([created.body.id]);
    expect((await t.rest('GET', `/reviews/${created.body.id}`)).status).toBe(404);
    expect((await t.rest('GET', `/reviews/${created.body.id}`, { token: anna.token })).status).toBe(200);
    expect(await productRating(t, productId)).toEqual({ rating: null, reviewCount: 0 });
    expect((await t.trpc().reviews.reviews.summary.query({ productId })).count).toBe(0);
    expect((await t.rest<ListBody<Moderated>>('GET', `/reviews?userId=${anna.id}`)).body.rows).toEqual([]);
    expect((await counts()).moderation).toBe(before + 1);

    const queue = await t.rest<ListBody<ModerationItem>>('GET', '/moderation?status=pending&kind=review', { token: admin });
    expect(queue.body.rows[0]).toMatchObject({ kind: 'review', id: created.body.id, rating: 2, author: { name: 'Анна П.' }, product: { id: productId } });

    const approved = await t.rest<ModerationItem>('POST', `/moderation/reviews/${created.body.id}/approve`, { token: admin });
    expect(approved.body.moderationStatus).toBe('approved');
    expect(approved.body.moderatedBy?.name).toBeTruthy();
    expect(await listIds(productId)).toEqual([created.body.id]);
    expect(await productRating(t, productId)).toEqual({ rating: 2, reviewCount: 1 });
    expect((await counts()).moderation).toBe(before);
  });

  it('hides a question until approved and sends an author’s edit of an approved one back to the queue', async () => {
    await setMode('pre');
    const productId = await product(t, 'mod-pre-q');
    const question = await t.rest<{ id: number; moderationStatus: string }>('POST', '/questions', { token: petr.token, body: { productId, text: 'Какой размер взять?' } });
    expect(question.body.moderationStatus).toBe('pending');
    const visible = async (token?: string) =>
      (await t.rest<ListBody<{ id: number }>>('GET', `/questions?productId=${productId}`, token ? { token } : {})).body.length;
    expect([await visible(), await visible(anna.token), await visible(petr.token)]).toEqual([0, 0, 1]);
    await t.rest('POST', `/moderation/questions/${question.body.id}/approve`, { token: admin });
    expect(await visible()).toBe(1);
    const edited = await t.rest<{ moderationStatus: string }>('PUT', `/questions/${question.body.id}`, { token: petr.token, body: { text: 'Какой размер взять при росте 180?' } });
    expect(edited.body.moderationStatus).toBe('pending');
    expect(await visible()).toBe(0);
  });

  it('publishes a moderator’s own review at once', async () => {
    await setMode('pre');
    const productId = await product(t, 'mod-pre-admin');
    const created = await t.rest<Moderated>('POST', '/reviews', { token: admin, body: { productId, rating: 5, text: 'От магазина' } });
    expect(created.body.moderationStatus).toBe('approved');
    expect(await listIds(productId)).toEqual([created.body.id]);
  });
});

describe('post-moderation', () => {
  it('shows a review at once; rejecting hides it, recounts the rating and shows the author the reason', async () => {
    await setMode('post');
    const productId = await product(t, 'mod-post');
    const kept = await t.rest<Moderated>('POST', '/reviews', { token: petr.token, body: { productId, rating: 5, text: 'Отлично' } });
    const bad = await t.rest<Moderated>('POST', '/reviews', { token: anna.token, body: { productId, rating: 1, text: 'Спам спам' } });
    expect(bad.body.moderationStatus).toBe('approved');
    expect(await productRating(t, productId)).toEqual({ rating: 3, reviewCount: 2 });

    const rejected = await t.rest<ModerationItem>('POST', `/moderation/reviews/${bad.body.id}/reject`, { token: admin, body: { reason: 'Реклама' } });
    expect(rejected.body).toMatchObject({ moderationStatus: 'rejected', moderationReason: 'Реклама' });
    expect(await listIds(productId)).toEqual([kept.body.id]);
    expect(await productRating(t, productId)).toEqual({ rating: 5, reviewCount: 1 });
    const own = await t.rest<ListBody<Moderated>>('GET', `/reviews?productId=${productId}`, { token: anna.token });
    expect(own.body.rows.find((row) => row.id === bad.body.id)).toMatchObject({ moderationStatus: 'rejected', moderationReason: 'Реклама' });

    // Editing a rejected review does not publish it: it waits for a moderator again.
    const edited = await t.rest<Moderated>('PUT', `/reviews/${bad.body.id}`, { token: anna.token, body: { text: 'Исправленный отзыв' } });
    expect(edited.body).toMatchObject({ moderationStatus: 'pending', moderationReason: null });
    expect(await listIds(productId)).toEqual([kept.body.id]);

    // Approving again brings the rating back, in the same call.
    await t.rest('POST', `/moderation/reviews/${bad.body.id}/approve`, { token: admin });
    expect(await productRating(t, productId)).toEqual({ rating: 3, reviewCount: 2 });
    // An author's edit of an approved review in post-moderation stays shown.
    const again = await t.rest<Moderated>('PUT', `/reviews/${bad.body.id}`, { token: anna.token, body: { rating: 3 } });
    expect(again.body.moderationStatus).toBe('approved');
    expect(await productRating(t, productId)).toEqual({ rating: 4, reviewCount: 2 });
  });

  it('keeps hidden reviews off the home page list', async () => {
    await setMode('post');
    const productId = await product(t, 'mod-main');
    const review = await t.rest<Moderated>('POST', '/reviews', { token: admin, body: { productId, rating: 4, text: 'На главную', showOnMain: true } });
    const onMain = async () => (await t.rest<ListBody<Moderated>>('GET', '/reviews?showOnMain=true')).body.rows.map((row) => row.id);
    expect(await onMain()).toContain(review.body.id);
    await t.rest('POST', `/moderation/reviews/${review.body.id}/reject`, { token: admin, body: { reason: 'Скрыт' } });
    expect(await onMain()).not.toContain(review.body.id);
  });
});

describe('the queue and who may use it', () => {
  it('lists pending items first, and lets moderators filter lists by state', async () => {
    await setMode('pre');
    const productId = await product(t, 'mod-queue');
    const review = await t.rest<Moderated>('POST', '/reviews', { token: petr.token, body: { productId, rating: 4, text: 'В очереди' } });
    const queue = await t.rest<ListBody<ModerationItem>>('GET', '/moderation?limit=1000', { token: admin });
    const states = queue.body.rows.map((row) => row.moderationStatus);
    expect(states.indexOf('approved')).toBeGreaterThan(states.lastIndexOf('pending'));
    expect(queue.body.rows.some((row) => row.kind === 'review' && row.id === review.body.id)).toBe(true);
    expect(queue.body.length).toBe(queue.body.rows.length);
    const pending = await t.rest<ListBody<Moderated>>('GET', `/reviews?productId=${productId}&moderation=pending`, { token: admin });
    expect(pending.body.rows.map((row) => row.id)).toEqual([review.body.id]);
    expect((await t.rest('GET', `/reviews?productId=${productId}&moderation=all`, { token: petr.token })).status).toBe(403);
    expect((await t.rest('GET', `/questions?moderation=pending`)).status).toBe(401);
  });

  it('answers 401 without a token and 403 to a shopper; refuses an empty reason and an unknown item', async () => {
    const productId = await product(t, 'mod-access');
    const review = await t.rest<Moderated>('POST', '/reviews', { token: anna.token, body: { productId, rating: 3, text: 'Проверка доступа' } });
    for (const [method, path, body] of [
      ['GET', '/moderation', undefined],
      ['GET', '/admin/counts', undefined],
      ['POST', `/moderation/reviews/${review.body.id}/approve`, undefined],
      ['POST', `/moderation/reviews/${review.body.id}/reject`, { reason: 'Нет' }],
      ['POST', `/moderation/questions/1/approve`, undefined],
    ] as const) {
      expect((await t.rest(method, path, body ? { body } : {})).status).toBe(401);
      expect((await t.rest(method, path, { token: anna.token, ...(body ? { body } : {}) })).status).toBe(403);
    }
    const empty = await t.rest<{ message: string }>('POST', `/moderation/reviews/${review.body.id}/reject`, { token: admin, body: { reason: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Причина');
    expect((await t.rest('POST', '/moderation/reviews/999999/approve', { token: admin })).status).toBe(404);
  });
});
