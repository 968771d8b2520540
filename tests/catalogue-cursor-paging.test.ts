import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductInput } from '../src/shared/schemas/catalogue.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** The product list walked with a cursor: no product repeats or goes missing while products are added ahead. */
let t: TestApp;
let adminToken: string;
let black: number;
let white: number;

interface Page {
  rows: { id: number; name: string; price: number }[];
  length: number;
  nextCursor?: string | null;
}

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
  black = (await t.rest<{ id: number }>('POST', '/colors', { token: adminToken, body: { name: 'Чёрный', url: 'chernyj', code: '#000000' } })).body.id;
  white = (await t.rest<{ id: number }>('POST', '/colors', { token: adminToken, body: { name: 'Белый', url: 'belyj', code: '#ffffff' } })).body.id;
});
afterAll(() => t.close());

async function createProduct(input: ProductInput): Promise<Product> {
  const response = await t.rest<Product>('POST', '/products', { token: adminToken, body: input });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body;
}

/** Products added straight into the table: `count` in one statement share their created_at (ties broken by id). */
async function insertProducts(prefix: string, count: number): Promise<number[]> {
  const values = Array.from({ length: count }, (_, index) => ({ name: `Товар ${prefix}-${index}`, url: `${prefix}-${index}`, parameters: '{}', extra: '{}' }));
  const rows = await t.db.insertInto('products').values(values).returning('id').execute();
  return rows.map((row) => row.id);
}

/** Every page of a walk from an empty cursor; `between` runs after each page. */
async function walk(query: string, between: () => Promise<void> = async () => {}): Promise<number[]> {
  const seen: number[] = [];
  let cursor = '';
  for (let pages = 0; pages < 200; pages += 1) {
    const page = await t.rest<Page>('GET', `/products?${query}&cursor=${cursor}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    seen.push(...page.body.rows.map((row) => row.id));
    if (!page.body.nextCursor) {
      expect(page.body.nextCursor).toBeNull();
      return seen;
    }
    cursor = page.body.nextCursor;
    await between();
  }
  throw new Error('the walk did not end');
}

async function allIds(query: string): Promise<number[]> {
  const page = await t.rest<Page>('GET', `/products?${query}&limit=1000`);
  expect(page.status).toBe(200);
  expect(page.body.nextCursor).toBeUndefined();
  return page.body.rows.map((row) => row.id);
}

describe('cursor paging of the product list', () => {
  it('walks newest first without repeats or gaps while products are added ahead, where offset repeats them', async () => {
    await insertProducts('tie', 4);
    for (let index = 0; index < 5; index += 1) await insertProducts(`single${index}`, 1);
    // Two more whose created_at differ below the millisecond (a cursor keeps microseconds).
    await sql`insert into products (name, url, parameters, extra, created_at) values
      ('Товар micro-a', 'micro-a', '{}', '{}', '2026-01-01 00:00:00.000100+00'),
      ('Товар micro-b', 'micro-b', '{}', '{}', '2026-01-01 00:00:00.000900+00')`.execute(t.db);
    const before = await allIds('sortBy=createdAt&orderBy=desc');
    expect(before.length).toBe(11);
    let added = 0;
    const seen = await walk('sortBy=createdAt&orderBy=desc&limit=3', async () => {
      added += 1;
      await insertProducts(`ahead${added}`, 2);
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before);

    // The same walk with offset meets a product pushed down by a new one again.
    const first = await t.rest<Page>('GET', '/products?sortBy=createdAt&orderBy=desc&limit=3');
    await insertProducts('pushed', 1);
    const second = await t.rest<Page>('GET', '/products?sortBy=createdAt&orderBy=desc&limit=3&offset=3');
    expect(second.body.rows.map((row) => row.id)).toContain(first.body.rows[2]?.id);
  });

  it('walks by price with equal prices, both ways, the card price and the keyset agreeing under the variant rule', async () => {
    const prices = [500, 300, 500, 900, 500, 300, 500, 120];
    for (const [index, price] of prices.entries()) {
      await createProduct({
        name: `Кружка ${index}`,
        url: `kruzhka-${index}`,
        variants: [
          { article: `MUG-${index}-B`, colorId: black, price, stock: index % 3 === 0 ? 0 : 4 },
          // The white variant is dearer: with colors=belyj the card (and the sort) shows its price.
          { article: `MUG-${index}-W`, colorId: white, price: price + (index % 2) * 1000, stock: 2 },
        ],
      });
    }
    for (const query of ['sortBy=price&orderBy=asc', 'sortBy=price&orderBy=desc', 'sortBy=price&colors=belyj', 'sortBy=price&orderBy=desc&minPrice=300&maxPrice=1000']) {
      const expected = await allIds(query);
      expect(await walk(`${query}&limit=2`), query).toEqual(expected);
    }
  });

  it('keeps the filters on every page, in every sort', async () => {
    // Ratings as reviews leave them: means that a real holds only approximately, some equal.
    const mugs = await allIds('name=кружка&sortBy=id');
    for (const [index, rating] of [4 + 1 / 3, 4.5, 4 + 1 / 3, 3.7].entries()) {
      await t.db.updateTable('products').set({ rating, reviewCount: 3 }).where('id', '=', mugs[index] ?? 0).execute();
    }
    // A category filter: its statement is built from the in-memory category tree.
    const dishes = (await t.rest<{ id: number }>('POST', '/categories', { token: adminToken, body: { name: 'Посуда', url: 'posuda' } })).body.id;
    await t.db.insertInto('productCategories').values(mugs.slice(0, 6).map((productId) => ({ productId, categoryId: dishes }))).execute();
    const queries = [
      'categories=posuda&sortBy=price&orderBy=desc',
      'categories=posuda&colors=belyj&sortBy=createdAt',
      'colors=chernyj&available=true&sortBy=name',
      'colors=chernyj&available=true&sortBy=price',
      'available=true&sortBy=rating&orderBy=desc',
      'minPrice=400&sortBy=createdAt',
      'name=кружка&sortBy=price&orderBy=desc',
      'sortBy=id&orderBy=desc',
      'sortBy=name',
    ];
    for (const query of queries) {
      const expected = await allIds(query);
      const walked = await walk(`${query}&limit=3`);
      expect(walked, query).toEqual(expected);
      expect(expected.length, query).toBeGreaterThan(0);
    }
    const unmatched = await t.rest<Page>('GET', '/products?colors=chernyj&minPrice=99999&sortBy=price&cursor=');
    expect(unmatched.body).toMatchObject({ rows: [], length: 0, nextCursor: null });
  });

  it('over tRPC too, a last full page ends with a cursor to an empty page', async () => {
    const total = (await allIds('sortBy=id')).length;
    const first = await t.trpc().catalogue.products.list.query({ sortBy: 'id', limit: total, cursor: '' });
    expect(first.rows.length).toBe(total);
    expect(first.nextCursor).toEqual(expect.any(String));
    const after = await t.trpc().catalogue.products.list.query({ sortBy: 'id', limit: total, cursor: first.nextCursor ?? '' });
    expect(after).toMatchObject({ rows: [], nextCursor: null, length: total });
  });

  it('refuses a forged cursor, one of another sort, a cursor with offset or with relevance, in Russian', async () => {
    const byDate = await t.rest<Page>('GET', '/products?sortBy=createdAt&limit=1&cursor=');
    const dateCursor = byDate.body.nextCursor ?? '';
    const cases: [string, string][] = [
      ['sortBy=price&cursor=not-a-cursor', 'неизвестный курсор'],
      [`sortBy=price&cursor=${dateCursor}`, 'другой сортировки'],
      [`sortBy=createdAt&cursor=${Buffer.from(JSON.stringify(['2026-02-31T00:00:00.000000Z', 1])).toString('base64url')}`, 'другой сортировки'],
      [`sortBy=createdAt&cursor=${Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z', 3_000_000_000])).toString('base64url')}`, 'другой сортировки'],
      [`sortBy=createdAt&offset=2&cursor=${dateCursor}`, 'cursor и offset'],
      ['name=кружка&cursor=', 'релевантности'],
      ['name=кружка&sortBy=relevance&cursor=', 'релевантности'],
    ];
    for (const [query, words] of cases) {
      const answer = await t.rest<{ statusCode: number; code: string; message: string }>('GET', `/products?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe('BAD_REQUEST');
      expect(answer.body.message, query).toContain(words);
    }
    // A date cursor read back at the database's own precision walks on.
    expect(dateCursor).not.toBe('');
    const next = await t.rest<Page>('GET', `/products?sortBy=createdAt&limit=1&cursor=${dateCursor}`);
    expect(next.status).toBe(200);
    expect(next.body.rows[0]?.id).not.toBe(byDate.body.rows[0]?.id);
  });
});
