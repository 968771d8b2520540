import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductCard } from '../src/shared/schemas/catalogue.js';
import { keepNoAnswers } from '../src/server/services/catalogue/listing/caches.js';
import { listProducts } from '../src/server/services/catalogue/listing/list-products.js';
import { forgetRankings, keepNoWordIndex, keptRankings } from '../src/server/services/catalogue/listing/caches.js';
import { resolveQuery } from '../src/server/services/catalogue/search/resolve.js';
import { productListSchema } from '../src/shared/schemas/catalogue.js';
import { openOneConnection, startTestApp, type TestApp } from './support/harness.js';

/**
 * The ranked matches of a plain name search are kept per server and checked against
 * `search_version` (services/catalogue/search/read-query.ts, migration 0014): pages come from the kept
 * order, and a product added, renamed or deleted, through this server or another, counts at once.
 */

let t: TestApp;
let other: TestApp;
let adminToken = '';

interface Answer {
  rows: ProductCard[];
  length: number;
}

async function find(query: string): Promise<Answer> {
  const response = await t.rest<Answer>('GET', `/products?${query}`);
  expect(response.status).toBe(200);
  return response.body;
}

let article = 0;
async function create(app: TestApp, name: string, price = 1000): Promise<Product> {
  const response = await app.rest<Product>('POST', '/products', {
    body: { name, url: `r-${++article}`, variants: [{ article: `R-${article}`, price, stock: 5 }] },
    token: adminToken,
  });
  expect(response.status).toBe(200);
  return response.body;
}

async function rename(app: TestApp, product: Product, name: string, price = 1000): Promise<void> {
  const variants = product.variants.map((v) => ({ id: v.id, article: v.article, price, stock: v.stock }));
  const response = await app.rest('PUT', `/products/${product.id}`, { body: { name, url: product.url, variants }, token: adminToken });
  expect(response.status).toBe(200);
}

const searchVersion = async () => Number((await sql<{ version: string }>`select version from search_version`.execute(t.db)).rows[0]?.version);
const ids = (answer: Answer) => answer.rows.map((row) => row.id);

/** Asks a search twice, so that its ranking is kept, and answers the second. */
async function keptSearch(query: string): Promise<Answer> {
  await find(query);
  const answer = await find(query);
  expect(keptRankings(t.db)).toBeGreaterThan(0);
  return answer;
}

const backpacks: Product[] = [];

beforeAll(async () => {
  t = await startTestApp();
  other = await startTestApp({}, undefined, t.database);
  // What is tested here lies below the finished answers PGlite keeps (catalogue/answers.ts).
  keepNoAnswers(t.db);
  adminToken = await t.signInAdmin();
  for (const name of ['Рюкзак городской', 'Рюкзак туристический большой', 'Рюкзак', 'Сумка-рюкзак', 'Чехол для рюкзака', 'Рюкзак детский']) {
    backpacks.push(await create(t, name));
  }
  for (let i = 1; i <= 8; i++) backpacks.push(await create(t, `Рюкзак складной ${i}`));
  await create(t, 'Шапка вязаная');
});

afterAll(async () => {
  await other.close();
  await t.close();
});

describe('kept rankings of plain searches', () => {
  it('pages a repeated search from its kept ranking, answering exactly what a full search answers', async () => {
    const pages = ['limit=5', 'limit=5&offset=5', 'limit=5&offset=10', 'limit=5&offset=15'].map((page) => `name=${encodeURIComponent('рюкзак')}&${page}`);
    const full: Answer[] = [];
    for (const page of pages) {
      forgetRankings(t.db);
      // A search asked once is not collected; asked again, its ranking is kept.
      const once = await find(page);
      expect(keptRankings(t.db)).toBe(0);
      expect(await find(page)).toEqual(once);
      expect(keptRankings(t.db)).toBe(1);
      full.push(once);
    }
    expect(full[0]!.length).toBe(14);
    expect(full.flatMap(ids)).toHaveLength(14);
    // Best match first: the one-word name, then the names that start with the word.
    expect(full[0]!.rows[0]!.name).toBe('Рюкзак');
    for (const [i, page] of pages.entries()) expect(await find(page)).toEqual(full[i]);
    expect(keptRankings(t.db)).toBe(1);
  });

  it('reads the cards fresh: a new price shows although the ranking was kept', async () => {
    const query = `name=${encodeURIComponent('рюкзак городской')}&limit=3`;
    const before = await keptSearch(query);
    const version = await searchVersion();
    // An edit that keeps the name does not touch search_version (so checkouts never do).
    await rename(t, backpacks[0]!, 'Рюкзак городской', 4321);
    expect(await searchVersion()).toBe(version);
    const after = await find(query);
    expect(ids(after)).toEqual(ids(before));
    expect(after.rows.find((row) => row.id === backpacks[0]!.id)?.price).toBe(4321);
  });

  it('counts a product added, renamed or deleted at once, also through another server', async () => {
    const query = `name=${encodeURIComponent('рюкзак')}&limit=50`;
    expect((await keptSearch(query)).length).toBe(14);
    const version = await searchVersion();

    const added = await create(other, 'Рюкзак горный');
    expect(await searchVersion()).toBeGreaterThan(version);
    const withAdded = await find(query);
    expect(withAdded.length).toBe(15);
    expect(ids(withAdded)).toContain(added.id);
    expect(await keptSearch(query)).toEqual(withAdded);

    await rename(other, added, 'Палатка горная');
    const renamed = await find(query);
    expect(renamed.length).toBe(14);
    expect(ids(renamed)).not.toContain(added.id);
    expect(await keptSearch(query)).toEqual(renamed);

    expect((await other.rest('DELETE', `/products/${backpacks[2]!.id}`, { token: adminToken })).status).toBe(200);
    const deleted = await find(query);
    expect(deleted.length).toBe(13);
    expect(ids(deleted)).not.toContain(backpacks[2]!.id);
  });

  it('keeps no ranking for a search with other filters or another order', async () => {
    forgetRankings(t.db);
    const word = `name=${encodeURIComponent('рюкзак')}`;
    await find(`${word}&sortBy=price&orderBy=asc`);
    await find(`${word}&minPrice=500`);
    await find(`${word}&available=true`);
    await find('sortBy=createdAt');
    await find(`${word}&sortBy=price&orderBy=asc`);
    await find(`${word}&minPrice=500`);
    expect(keptRankings(t.db)).toBe(0);
    await find(word);
    await find(word);
    expect(keptRankings(t.db)).toBe(1);
  });
});

describe('the statement of a plain search', () => {
  it('ranks one word typed as is by one ts_rank: the same order as the doubled rank', async () => {
    const one = await resolveQuery(t.db, 'рюкзак');
    expect(one.tsquery).not.toBe('');
    expect(one.rankQuery).toBe('');
    // Two words: the words as typed rank apart from the tsquery that requires both.
    const two = await resolveQuery(t.db, 'рюкзак складной');
    expect(two.rankQuery).not.toBe('');
    const both = await find(`name=${encodeURIComponent('рюкзак складной')}&limit=20`);
    expect(both.length).toBe(8);
  });

  it('is kept prepared for words alone (its plan does not depend on them), not with filters', async () => {
    const input = (query: Record<string, unknown>) => productListSchema.parse({ limit: 5, ...query });
    const expected = await listProducts(t.db, input({ name: 'рюкзак' }));
    expect(expected.length).toBeGreaterThan(0);
    const searches = sql<{ plans: number }>`select generic_plans as plans from pg_prepared_statements where statement like '%search_query%'`;
    if (t.database.handle.kind === 'pglite') {
      // PGlite's one session keeps them too: the search's cards by id, settled on a generic plan.
      for (let i = 0; i < 8; i++) expect(await listProducts(t.db, input({ name: 'рюкзак' }))).toEqual(expected);
      const prepared = (await searches.execute(t.db)).rows;
      expect(prepared.length).toBeGreaterThan(0);
      expect(Math.max(...prepared.map((row) => Number(row.plans)))).toBeGreaterThan(0);
      return;
    }
    // One connection, so that every call and the pg_prepared_statements read below meet the same session.
    const single = await openOneConnection(t);
    try {
      keepNoWordIndex(single.db);
      await listProducts(single.db, input({ name: 'рюкзак', minPrice: 500 }));
      expect((await searches.execute(single.db)).rows).toHaveLength(0);
      for (let i = 0; i < 8; i++) expect(await listProducts(single.db, input({ name: 'рюкзак' }))).toEqual(expected);
      const prepared = (await searches.execute(single.db)).rows;
      expect(prepared).toHaveLength(1);
      expect(Number(prepared[0]!.plans)).toBeGreaterThan(0);
    } finally {
      await single.close();
    }
  });

  it('reads a search text by one statement kept prepared, whatever the words', async () => {
    const single = t.database.handle.kind === 'pglite' ? null : await openOneConnection(t);
    const db = single?.db ?? t.db;
    try {
      const texts = ['рюкзак', 'ркзак', 'rjrjrj', 'рюкзак складной', 'найк', 'ryukzak', 'курточка', 'палатка 2 местная'];
      for (const text of texts) await resolveQuery(db, text);
      const { rows } = await sql<{ runs: number }>`select generic_plans + custom_plans as runs from pg_prepared_statements
        where statement like '%search_skeleton(t.token)%'`.execute(db);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.runs)).toBeGreaterThanOrEqual(texts.length);
    } finally {
      await single?.close();
    }
  });
});
