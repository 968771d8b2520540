import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { product, productRating, shopper, type ListBody, type ReviewBody, type Shopper } from './support/reviews-support.js';

let t: TestApp;
let anna: Shopper;
let petr: Shopper;
let moder: Shopper;

beforeAll(async () => {
  t = await startTestApp();
  anna = await shopper(t, 'anna@shop.test', 'Анна', 'Петрова');
  petr = await shopper(t, 'petr@shop.test', 'Пётр', 'Иванов');
  moder = await shopper(t, 'moder@shop.test', 'Ольга', 'Смирнова', 'SuperUser');
});
afterAll(() => t?.close());

describe('writing reviews', () => {
  it('creates a review over REST and answers it with the author’s public name', async () => {
    const productId = await product(t, 'rules-create');
    const created = await t.rest<ReviewBody>('POST', '/reviews', { body: { productId, rating: 4, text: 'Хорошая вещь', userId: anna.id }, token: anna.token });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ rating: 4, text: 'Хорошая вещь', images: [], showOnMain: false, author: { id: anna.id, name: 'Анна П.' }, comments: [] });
    expect(JSON.stringify(created.body)).not.toContain('anna@shop.test');
    const fetched = await t.rest<ReviewBody>('GET', `/reviews/${created.body.id}`);
    expect(fetched.body.text).toBe('Хорошая вещь');
  });

  it('creates over tRPC as well', async () => {
    const productId = await product(t, 'rules-trpc');
    const review = await t.trpc(petr.token).reviews.reviews.create.mutate({ productId, rating: 5, text: 'Отлично' });
    expect(review.author.name).toBe('Пётр И.');
    const list = await t.trpc().reviews.reviews.list.query({ productId });
    expect(list.rows.map((row) => row.id)).toEqual([review.id]);
  });

  it('refuses anonymous writes with 401', async () => {
    const productId = await product(t, 'rules-anon');
    expect(await t.rest('POST', '/reviews', { body: { productId, rating: 5, text: 'Аноним' } })).toEqual({
      status: 401,
      body: { statusCode: 401,code: 'UNAUTHORIZED',  message: statusMessages[401] },
    });
    expect((await t.rest('POST', '/questions', { body: { productId, text: 'Вопрос без входа' } })).status).toBe(401);
    expect((await t.rest('POST', '/comments', { body: { reviewId: 1, text: 'x' } })).status).toBe(401);
    expect((await t.rest('POST', '/reviews/reaction', { body: { reviewId: 1, reaction: 'Like' } })).status).toBe(401);
  });

  it('answers a second review of the same product with 409 and a Russian message', async () => {
    const productId = await product(t, 'rules-twice');
    await t.rest('POST', '/reviews', { body: { productId, rating: 3, text: 'Первый' }, token: anna.token });
    const second = await t.rest('POST', '/reviews', { body: { productId, rating: 5, text: 'Второй' }, token: anna.token });
    expect(second).toEqual({ status: 409, body: { statusCode: 409,code: 'CONFLICT',  message: domainMessages.reviewExists } });
  });

  it('keeps one review per user and product under concurrent posts', async () => {
    const productId = await product(t, 'rules-race');
    const answers = await Promise.all(
      [1, 2, 3, 4].map((rating) => t.rest('POST', '/reviews', { body: { productId, rating, text: `Гонка ${rating}` }, token: petr.token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await productRating(t, productId)).toMatchObject({ reviewCount: 1 });
  });

  it('refuses editing or deleting another’s review with 403, whatever the body’s userId', async () => {
    const productId = await product(t, 'rules-foreign');
    const review = await t.rest<ReviewBody>('POST', '/reviews', { body: { productId, rating: 2, text: 'Моё мнение' }, token: anna.token });
    const id = review.body.id;
    expect((await t.rest('PUT', `/reviews/${id}`, { body: { text: 'Чужая правка' }, token: petr.token })).status).toBe(403);
    expect((await t.rest('PUT', `/reviews/${id}`, { body: { text: 'Чужая правка', userId: anna.id }, token: petr.token })).status).toBe(403);
    expect((await t.rest('DELETE', `/reviews/${id}`, { token: petr.token })).status).toBe(403);
    // Acting in another's name on a new review is refused too.
    const other = await product(t, 'rules-foreign-2');
    expect((await t.rest('POST', '/reviews', { body: { productId: other, rating: 5, text: 'От чужого имени', userId: anna.id }, token: petr.token })).status).toBe(403);
    expect((await t.rest<ReviewBody>('GET', `/reviews/${id}`)).body.text).toBe('Моё мнение');
  });

  it('lets the author edit and delete, and a SuperUser edit, feature and delete any', async () => {
    const productId = await product(t, 'rules-own');
    const review = await t.rest<ReviewBody>('POST', '/reviews', { body: { productId, rating: 2, text: 'Черновик' }, token: anna.token });
    const edited = await t.rest<ReviewBody>('PUT', `/reviews/${review.body.id}`, { body: { text: 'Исправлено', rating: 3 }, token: anna.token });
    expect(edited.body).toMatchObject({ text: 'Исправлено', rating: 3 });
    expect((await t.rest('PUT', `/reviews/${review.body.id}`, { body: { showOnMain: true }, token: anna.token })).status).toBe(403);
    const featured = await t.rest<ReviewBody>('PUT', `/reviews/${review.body.id}`, { body: { showOnMain: true, text: 'Отредактировано модератором' }, token: moder.token });
    expect(featured.body).toMatchObject({ showOnMain: true, text: 'Отредактировано модератором' });
    const onMain = await t.rest<ListBody<ReviewBody>>('GET', '/reviews?showOnMain=true&limit=1');
    expect(onMain.body.rows[0]?.id).toBe(review.body.id);
    expect((await t.rest('DELETE', `/reviews/${review.body.id}`, { token: moder.token })).status).toBe(200);
    expect((await t.rest('GET', `/reviews/${review.body.id}`)).status).toBe(404);
    const own = await t.rest<ReviewBody>('POST', '/reviews', { body: { productId, rating: 1, text: 'Удалю сама' }, token: petr.token });
    expect((await t.rest('DELETE', `/reviews/${own.body.id}`, { token: petr.token })).status).toBe(200);
  });

  it('refuses showOnMain from a shopper on a new review', async () => {
    const productId = await product(t, 'rules-main');
    expect((await t.rest('POST', '/reviews', { body: { productId, rating: 5, text: 'На главную', showOnMain: true }, token: anna.token })).status).toBe(403);
  });

  it('bounds the text and the rating with Russian messages', async () => {
    const productId = await product(t, 'rules-bounds');
    const short = await t.rest<{ message: string }>('POST', '/reviews', { body: { productId, rating: 5, text: ' a ' }, token: anna.token });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('Текст отзыва: не короче 2 символов');
    const long = await t.rest<{ message: string }>('POST', '/reviews', { body: { productId, rating: 5, text: 'я'.repeat(5001) }, token: anna.token });
    expect(long.body.message).toContain('Текст отзыва: не длиннее 5000 символов');
    const rating = await t.rest<{ message: string }>('POST', '/reviews', { body: { productId, rating: 6, text: 'Шесть звёзд' }, token: anna.token });
    expect(rating.status).toBe(400);
    expect((await t.rest('POST', '/reviews', { body: { productId: 999999, rating: 5, text: 'Нет товара' }, token: anna.token })).status).toBe(404);
    await expect(t.trpc(anna.token).reviews.questions.create.mutate({ productId, text: 'Что?' })).rejects.toThrow(/Текст вопроса: не короче 5 символов/);
  });

  it('stores text as plain text, exactly as sent', async () => {
    const productId = await product(t, 'rules-plain');
    const text = '<script>alert(1)</script> <b>жирный</b> & «кавычки»';
    const review = await t.rest<ReviewBody>('POST', '/reviews', { body: { productId, rating: 5, text }, token: anna.token });
    expect((await t.rest<ReviewBody>('GET', `/reviews/${review.body.id}`)).body.text).toBe(text);
  });
});

describe("the product's rating and review count", () => {
  it('are null and 0 without reviews, then the mean and count of every write', async () => {
    const productId = await product(t, 'rating-exact');
    expect(await productRating(t, productId)).toEqual({ rating: null, reviewCount: 0 });
    const first = await t.rest<ReviewBody>('POST', '/reviews', { body: { productId, rating: 5, text: 'Пять' }, token: anna.token });
    await t.rest('POST', '/reviews', { body: { productId, rating: 2, text: 'Два' }, token: petr.token });
    expect(await productRating(t, productId)).toEqual({ rating: 3.5, reviewCount: 2 });
    await t.rest('PUT', `/reviews/${first.body.id}`, { body: { rating: 4 }, token: anna.token });
    expect(await productRating(t, productId)).toEqual({ rating: 3, reviewCount: 2 });
    const summary = await t.trpc().reviews.reviews.summary.query({ productId });
    expect(summary).toEqual({ rating: 3, count: 2, distribution: [0, 1, 0, 1, 0], sizeFit: { sized: false, fits: 0, small: 0, large: 0 } });
    await t.rest('DELETE', `/reviews/${first.body.id}`, { token: anna.token });
    expect(await productRating(t, productId)).toEqual({ rating: 2, reviewCount: 1 });
    const card = await t.rest<{ rating: number | null; reviewCount: number }>('GET', `/products/${productId}`);
    expect(card.body).toMatchObject({ rating: 2, reviewCount: 1 });
  });

  it('stay exact after concurrent reviews of one product', async () => {
    const productId = await product(t, 'rating-race');
    const crowd = await Promise.all(
      [1, 2, 3, 4, 5, 5, 4, 3].map((_, index) => shopper(t, `crowd-${index}@shop.test`, 'Покупатель', 'Тестов')),
    );
    const ratings = [1, 2, 3, 4, 5, 5, 4, 3];
    const answers = await Promise.all(crowd.map((user, index) => t.rest('POST', '/reviews', { body: { productId, rating: ratings[index], text: 'Параллельно' }, token: user.token })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await productRating(t, productId)).toEqual({ rating: 27 / 8, reviewCount: 8 });
    await Promise.all(crowd.slice(0, 4).map(async (user) => {
      const mine = await t.rest<ListBody<ReviewBody>>('GET', `/reviews?productId=${productId}&userId=${user.id}`);
      await t.rest('DELETE', `/reviews/${mine.body.rows[0]!.id}`, { token: user.token });
    }));
    expect(await productRating(t, productId)).toEqual({ rating: 17 / 4, reviewCount: 4 });
  });

  it('follow a deleted author’s reviews away', async () => {
    const productId = await product(t, 'rating-cascade');
    const leaving = await shopper(t, 'leaving@shop.test', 'Уходящий', 'Пользователь');
    await t.rest('POST', '/reviews', { body: { productId, rating: 1, text: 'Прощайте' }, token: leaving.token });
    await t.rest('POST', '/reviews', { body: { productId, rating: 5, text: 'Остаюсь' }, token: anna.token });
    await t.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    expect(await productRating(t, productId)).toEqual({ rating: 5, reviewCount: 1 });
  });

  it('answers 404 for a review that does not exist, over tRPC too', async () => {
    await expect(t.trpc().reviews.reviews.get.query({ reviewId: 987654 })).rejects.toBeInstanceOf(TRPCClientError);
    expect((await t.rest('GET', '/reviews/987654')).status).toBe(404);
  });
});
