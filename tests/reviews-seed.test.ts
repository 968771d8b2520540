import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import { startTestApp, type TestApp } from './support/harness.js';
import type { ListBody, ReviewBody } from './support/reviews-support.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.db, { production: false });
  await seedDemoData(t.db, { production: false });
}, 120_000);
afterAll(() => t?.close());

describe('demo reviews and questions', () => {
  it('have reviews with ratings, a few with photos of the library, and one on the main page', async () => {
    const reviews = await t.rest<ListBody<ReviewBody>>('GET', '/reviews?limit=1000');
    expect(reviews.body.length).toBeGreaterThan(40);
    const withPhotos = reviews.body.rows.filter((review) => review.images.length > 0);
    expect(withPhotos.length).toBeGreaterThan(0);
    const names = withPhotos.flatMap((review) => review.images);
    const stored = await t.db.selectFrom('images').select('name').where('name', 'in', names).execute();
    expect(stored).toHaveLength(new Set(names).size);
    expect(reviews.body.rows.some((review) => review.likes > 0)).toBe(true);
    const main = await t.rest<ListBody<ReviewBody>>('GET', '/reviews?showOnMain=true&limit=1');
    expect(main.body.length).toBe(1);
  });

  it('keep every product’s rating and review count equal to its reviews', async () => {
    const { rows } = await sql<{ id: number; rating: number | null; reviewCount: number; mean: number | null; n: number }>`
      select p.id, p.rating, p.review_count, (select avg(rating)::real from reviews r where r.product_id = p.id) as mean,
             (select count(*)::int from reviews r where r.product_id = p.id) as n
        from products p`.execute(t.db);
    expect(rows.every((row) => row.reviewCount === row.n && row.rating === row.mean)).toBe(true);
    expect(rows.some((row) => row.rating !== null)).toBe(true);
    expect(rows.some((row) => row.rating === null)).toBe(true);
  });

  it('agree with their authors: a man’s review speaks as a man, a woman’s as a woman', async () => {
    const rows = await t.db.selectFrom('reviews as r').innerJoin('users as u', 'u.id', 'r.userId').select(['u.firstName', 'r.text']).execute();
    const women = rows.filter((row) => /[ая]$/.test(row.firstName));
    const men = rows.filter((row) => !/[ая]$/.test(row.firstName));
    expect(women.length).toBeGreaterThan(0);
    expect(men.length).toBeGreaterThan(0);
    expect(men.filter((row) => /довольна|ожидала|Снизила/.test(row.text))).toEqual([]);
    expect(women.filter((row) => /(доволен|ожидал[ .,]|Снизил )/.test(row.text))).toEqual([]);
    expect(rows.some((row) => /довольна|ожидала|Снизила/.test(row.text))).toBe(true);
    expect(rows.some((row) => /доволен|ожидал[ .,]|Снизил /.test(row.text))).toBe(true);
  });

  it('name pros and cons on some reviews, and the size fit on sized products only', async () => {
    const rows = await t.db
      .selectFrom('reviews as r')
      .select(['r.pros', 'r.cons', 'r.sizeFit', (eb) => eb.exists(eb.selectFrom('productSizes as ps').select('ps.sizeId').whereRef('ps.productId', '=', 'r.productId')).as('sized')])
      .execute();
    expect(rows.some((row) => row.pros !== null)).toBe(true);
    expect(rows.some((row) => row.cons !== null)).toBe(true);
    expect(rows.filter((row) => !row.sized && row.sizeFit !== null)).toEqual([]);
    expect(new Set(rows.filter((row) => row.sized).map((row) => row.sizeFit))).toEqual(new Set(['fits', 'small', 'large']));
    // Pros and cons are noun phrases: nothing in them has to agree with the author's gender.
    expect(rows.filter((row) => /(ожидал|доволен|довольна|снизил|купил|заказал)/i.test(`${row.pros ?? ''} ${row.cons ?? ''}`))).toEqual([]);
  });

  it('answer questions with what the shop really offers', async () => {
    const answers = await t.db.selectFrom('questionComments').select('text').where('isShop', '=', true).execute();
    expect(answers.some((answer) => answer.text.includes('«Сообщить о поступлении»'))).toBe(true);
    expect(answers.filter((answer) => /Подпишитесь на товар/.test(answer.text))).toEqual([]);
  });

  it('have questions, most answered by the shop', async () => {
    const questions = await t.rest<ListBody<{ comments: Array<{ isShop: boolean }> }>>('GET', '/questions?limit=100');
    expect(questions.body.length).toBeGreaterThanOrEqual(10);
    expect(questions.body.rows.filter((question) => question.comments.some((comment) => comment.isShop)).length).toBeGreaterThan(5);
    expect(questions.body.rows.some((question) => question.comments.length === 0)).toBe(true);
  });
});
