import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';
import { product, shopper, type ListBody, type ReviewBody, type Shopper } from './support/reviews-support.js';

interface QuestionBody {
  id: number;
  text: string;
  comments: Array<{ text: string; isShop: boolean }>;
  product: { id: number } | null;
}

let t: TestApp;
let users: Shopper[];
let moder: Shopper;
let productId: number;
const reviews: number[] = [];
const questions: number[] = [];

async function daysAgo(table: 'reviews' | 'questions', id: number, days: number) {
  await t.db.updateTable(table).set({ createdAt: sql<Date>`now() - make_interval(days => ${days})` } as never).where('id', '=', id).execute();
}

async function like(user: Shopper, path: string, body: Record<string, unknown>) {
  const answer = await t.rest(`POST`, path, { body, token: user.token });
  expect(answer.status).toBe(200);
}

// Known data: four reviews and four questions with set ages, reactions and answers.
beforeAll(async () => {
  t = await startTestApp();
  users = [
    await shopper(t, 'u1@shop.test', 'Анна', 'Аксёнова'),
    await shopper(t, 'u2@shop.test', 'Борис', 'Белов'),
    await shopper(t, 'u3@shop.test', 'Вера', 'Волкова'),
    await shopper(t, 'u4@shop.test', 'Глеб', 'Гусев'),
  ];
  moder = await shopper(t, 'moder@shop.test', 'Ольга', 'Смирнова', 'Admin');
  productId = await product(t, 'lists-main');
  const ratings = [3, 5, 1, 4];
  for (const [index, user] of users.entries()) {
    const review = await t.rest<ReviewBody>('POST', '/reviews', { body: { productId, rating: ratings[index], text: `Отзыв ${index + 1}` }, token: user.token });
    reviews.push(review.body.id);
    await daysAgo('reviews', review.body.id, 4 - index);
    const question = await t.rest<QuestionBody>('POST', '/questions', { body: { productId, text: `Вопрос номер ${index + 1}` }, token: user.token });
    questions.push(question.body.id);
    await daysAgo('questions', question.body.id, 4 - index);
  }
  const [u1, u2, u3] = users as [Shopper, Shopper, Shopper];
  await like(u2, '/reviews/reaction', { reviewId: reviews[0], reaction: 'Like' });
  await like(u3, '/reviews/reaction', { reviewId: reviews[0], reaction: 'Like' });
  await like(u1, '/reviews/reaction', { reviewId: reviews[1], reaction: 'Dislike' });
  await like(u1, '/reviews/reaction', { reviewId: reviews[2], reaction: 'Like' });
  await like(u1, '/questions/reaction', { questionId: questions[1], reaction: 'Like' });
  await like(u3, '/questions/reaction', { questionId: questions[1], reaction: 'Like' });
  await like(u1, '/questions/reaction', { questionId: questions[2], reaction: 'Dislike' });
  await like(u2, '/question-comments', { questionId: questions[0], text: 'Я тоже хочу знать' });
  await like(moder, '/question-comments', { questionId: questions[0], text: 'Ответ магазина', asShop: true });
  await like(moder, '/question-comments', { questionId: questions[2], text: 'Да, есть', asShop: true });
  await like(u3, '/comments', { reviewId: reviews[0], text: 'Согласна' });
  await like(moder, '/comments', { reviewId: reviews[0], text: 'Спасибо за отзыв!', asShop: true });
});
afterAll(() => t?.close());

async function reviewOrder(query: string): Promise<number[]> {
  const answer = await t.rest<ListBody<ReviewBody>>('GET', `/reviews?productId=${productId}${query}`);
  return answer.body.rows.map((row) => reviews.indexOf(row.id) + 1);
}

async function questionOrder(query: string): Promise<number[]> {
  const answer = await t.rest<ListBody<QuestionBody>>('GET', `/questions?productId=${productId}${query}`);
  return answer.body.rows.map((row) => questions.indexOf(row.id) + 1);
}

describe('review lists', () => {
  it('sort newest first by default, and by usefulness, highest and lowest rating', async () => {
    expect(await reviewOrder('')).toEqual([4, 3, 2, 1]);
    expect(await reviewOrder('&sort=newest')).toEqual([4, 3, 2, 1]);
    expect(await reviewOrder('&sort=useful')).toEqual([1, 3, 4, 2]);
    expect(await reviewOrder('&sort=ratingDesc')).toEqual([2, 4, 1, 3]);
    expect(await reviewOrder('&sort=ratingAsc')).toEqual([3, 1, 4, 2]);
    expect((await t.rest('GET', '/reviews?sort=best')).status).toBe(400);
  });

  it('page with limit and offset and answer the total', async () => {
    const page = await t.rest<ListBody<ReviewBody>>('GET', `/reviews?productId=${productId}&limit=2&offset=1`);
    expect(page.body.length).toBe(4);
    expect(page.body.rows.map((row) => reviews.indexOf(row.id) + 1)).toEqual([3, 2]);
    const past = await t.rest<ListBody<ReviewBody>>('GET', `/reviews?productId=${productId}&offset=10`);
    expect(past.body).toEqual({ rows: [], length: 4, nextCursor: null });
  });

  it('filter by user and rating, and merge adds each review’s product', async () => {
    const mine = await t.rest<ListBody<ReviewBody>>('GET', `/reviews?userId=${users[1]!.id}&merge=true`);
    expect(mine.body.length).toBe(1);
    expect(mine.body.rows[0]!.product).toMatchObject({ id: productId, url: 'lists-main' });
    const plain = await t.rest<ListBody<ReviewBody>>('GET', `/reviews?userId=${users[1]!.id}`);
    expect(plain.body.rows[0]!.product).toBeNull();
    expect(await reviewOrder('&rating=1')).toEqual([3]);
  });

  it('answer each review with its author, counts, the caller’s reaction and comments, the shop’s first', async () => {
    const seen = await t.rest<ListBody<ReviewBody>>('GET', `/reviews?productId=${productId}&sort=useful&limit=1`, { token: users[1]!.token });
    const first = seen.body.rows[0]!;
    expect(first).toMatchObject({ likes: 2, dislikes: 0, author: { name: 'Анна А.' }, myReaction: { reaction: 'Like' } });
    expect(first.comments.map((comment) => [comment.text, comment.isShop, comment.author.name])).toEqual([
      ['Спасибо за отзыв!', true, 'Ольга С.'],
      ['Согласна', false, 'Вера В.'],
    ]);
    const anonymous = await t.rest<ListBody<ReviewBody>>('GET', `/reviews?productId=${productId}&sort=useful&limit=1`);
    expect(anonymous.body.rows[0]!.myReaction).toBeNull();
  });

  it('answer the same over tRPC', async () => {
    const list = await t.trpc(users[0]!.token).reviews.reviews.list.query({ productId, sort: 'ratingDesc' });
    expect(list.rows.map((row) => reviews.indexOf(row.id) + 1)).toEqual([2, 4, 1, 3]);
    expect(list.rows.find((row) => row.id === reviews[1])!.myReaction?.reaction).toBe('Dislike');
  });
});

describe('question lists', () => {
  it('sort newest, most useful, answered first and unanswered first', async () => {
    expect(await questionOrder('')).toEqual([4, 3, 2, 1]);
    expect(await questionOrder('&sort=useful')).toEqual([2, 4, 1, 3]);
    expect(await questionOrder('&sort=answered')).toEqual([1, 3, 4, 2]);
    expect(await questionOrder('&sort=unanswered')).toEqual([4, 2, 3, 1]);
  });

  it('filter answered and unanswered, and show the shop’s answer first', async () => {
    expect(await questionOrder('&answered=true')).toEqual([3, 1]);
    expect(await questionOrder('&answered=false')).toEqual([4, 2]);
    const one = await t.rest<QuestionBody>('GET', `/questions/${questions[0]}?merge=true`);
    expect(one.body.comments.map((comment) => [comment.text, comment.isShop])).toEqual([
      ['Ответ магазина', true],
      ['Я тоже хочу знать', false],
    ]);
    expect(one.body.product?.id).toBe(productId);
  });
});

describe('the OpenAPI document', () => {
  it('lists every REST call of reviews and questions', async () => {
    const doc = await t.rest<{ paths: Record<string, Record<string, { description?: string }>> }>('GET', '/openapi.json');
    const calls = [
      'get /questions', 'post /questions', 'get /questions/{questionId}', 'put /questions/{questionId}', 'delete /questions/{questionId}',
      'post /questions/reaction', 'delete /questions/reaction/{reactionId}', 'post /question-comments', 'put /question-comments/{commentId}',
      'delete /question-comments/{commentId}', 'post /question-comments/reaction', 'delete /question-comments/reaction/{reactionId}',
      'get /reviews', 'post /reviews', 'get /reviews/{reviewId}', 'put /reviews/{reviewId}', 'delete /reviews/{reviewId}',
      'post /reviews/reaction', 'delete /reviews/reaction/{reactionId}', 'post /comments', 'put /comments/{commentId}',
      'delete /comments/{commentId}', 'post /comments/reaction', 'delete /comments/reaction/{reactionId}',
    ];
    for (const call of calls) {
      const [method, path] = call.split(' ') as [string, string];
      expect(doc.body.paths[path]?.[method], call).toBeDefined();
    }
    expect(JSON.stringify(doc.body.paths['/reviews']!['get'])).toContain('merge=true');
  });
});
