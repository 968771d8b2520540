import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchSuggestions } from '../src/shared/schemas/search.js';
import { popularSearchesCap } from '../src/server/services/catalogue/search/popular.js';
import { purgeExpired } from '../src/server/services/platform/housekeeping.js';
import { startTestApp, slow, type TestApp } from './support/harness.js';

/** The header's suggestions and the shop's popular searches (docs/search.md, "Suggestions and popular searches"). */

let t: TestApp;
let adminToken = '';

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function suggest(text: string): Promise<SearchSuggestions> {
  const response = await t.rest<SearchSuggestions>('GET', `/search/suggestions?q=${encodeURIComponent(text)}`);
  expect(response.status).toBe(200);
  return response.body;
}

// The parent as the server answers it (nominative); the client declines it («Кроссовки в Обуви»).
const categoryLabels = async (text: string) => (await suggest(text)).categories.map((c) => (c.parentName ? `${c.name} в ${c.parentName}` : c.name));
const brandNames = async (text: string) => (await suggest(text)).brands.map((b) => b.name);

async function popular(): Promise<string[]> {
  const response = await t.rest<{ queries: string[] }>('GET', '/search/popular?limit=20');
  expect(response.status).toBe(200);
  return response.body.queries;
}

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
  const shoes = await post<{ id: number }>('/categories', { name: 'Обувь', url: 'obuv' });
  const sneakers = await post<{ id: number }>('/categories', { name: 'Кроссовки', url: 'krossovki', parentId: shoes.id });
  await post('/categories', { name: 'Верхняя одежда', url: 'verkhnyaya-odezhda' });
  const nike = await post<{ id: number }>('/brands', { name: 'Nike', url: 'nike', synonyms: ['найк'] });
  await post('/brands', { name: 'Puma', url: 'puma' });
  const hit = await post<{ id: number }>('/tags', { name: 'Хит продаж', url: 'hit-prodazh' });
  let article = 0;
  for (const name of ['Кроссовки беговые', 'Кроссовки городские', 'Платье летнее']) {
    await post('/products', {
      name,
      url: `p-${++article}`,
      categories: name.startsWith('Кроссовки') ? [sneakers.id] : [],
      brands: name.startsWith('Кроссовки') ? [nike.id] : [],
      tags: article === 1 ? [hit.id] : [],
      variants: [{ article: `S-${article}`, price: 4990, stock: 3 }],
    });
  }
}, 60_000);
afterAll(() => t?.close());

describe('categories', () => {
  it('are suggested by the prefix as typed, named with their parent, above the products', async () => {
    const answer = await suggest('крос');
    expect(answer.categories).toEqual([{ name: 'Кроссовки', url: 'krossovki', parentName: 'Обувь' }]);
    expect(answer.products.map((p) => p.name).sort()).toEqual(['Кроссовки беговые', 'Кроссовки городские']);
    expect(await categoryLabels('одеж')).toEqual(['Верхняя одежда']);
  });

  it('are suggested by another Russian form of their name', async () => {
    expect(await categoryLabels('обуви')).toEqual(['Обувь']);
    expect(await categoryLabels('кроссовками')).toEqual(['Кроссовки в Обувь']);
  });

  it('are suggested when typed in the wrong keyboard layout or in Latin letters', async () => {
    expect(await categoryLabels('rhjc')).toEqual(['Кроссовки в Обувь']);
    expect(await categoryLabels('krossov')).toEqual(['Кроссовки в Обувь']);
  });
});

describe('brands', () => {
  it('are suggested by the name in Latin letters and by a Cyrillic synonym', async () => {
    expect(await brandNames('nik')).toEqual(['Nike']);
    expect(await brandNames('най')).toEqual(['Nike']);
    expect(await brandNames('тшл')).toEqual(['Nike']);
    expect(await brandNames('пума')).toEqual(['Puma']);
  });
});

describe('what suggests nothing', () => {
  it('a single letter or a word nothing matches suggests nothing', async () => {
    expect(await suggest('к')).toEqual({ categories: [], brands: [], products: [] });
    expect(await suggest('zzqxw')).toEqual({ categories: [], brands: [], products: [] });
  });

  it('a text over 100 characters is refused with a Russian message', async () => {
    const response = await t.rest<{ message: string }>('GET', `/search/suggestions?q=${'а'.repeat(101)}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/не больше 100 символов/);
  });
});

describe('popular searches', () => {
  it('counts the results page searches that found something, as understood, most asked first', async () => {
    for (const text of ['Кроссовки', 'кроссовки ', 'gkfnmt', 'zzqxw']) expect((await t.rest('GET', `/products?name=${encodeURIComponent(text)}`)).status).toBe(200);
    // A later page of the same search is not another search.
    await t.rest('GET', `/products?name=${encodeURIComponent('платье')}&offset=24`);
    await vi.waitFor(async () => expect(await popular()).toEqual(['кроссовки', 'платье']), slow);
  });

  it('are refreshed by the hourly housekeeping: a text nobody searched for in 90 days goes', async () => {
    await t.db.insertInto('popularSearches').values({ query: 'старый запрос', count: 50, lastAt: new Date(Date.now() - 91 * 86_400_000) }).execute();
    expect(await popular()).toContain('старый запрос');
    const report = await purgeExpired(t.db);
    expect(report.popularSearches).toBe(1);
    expect(await popular()).not.toContain('старый запрос');
  });
});

describe('a search that finds nothing', () => {
  it('answers suggestions when a word is near a known one, and the popular products are there to show', async () => {
    const nothing = await t.rest<{ rows: unknown[]; suggestions?: string[] }>('GET', `/products?name=${encodeURIComponent('кроссовкиии платьеее')}`);
    expect(nothing.body.rows).toEqual([]);
    const hits = await t.rest<{ rows: Array<{ name: string }> }>('GET', '/products?tags=hit-prodazh&available=true');
    expect(hits.body.rows.map((row) => row.name)).toEqual(['Кроссовки беговые']);
    const count = await sql<{ n: number }>`select count(*)::int as n from popular_searches where query like '%кроссовкиии%'`.execute(t.db);
    expect(count.rows[0]?.n).toBe(0);
  });
});

describe('the size of popular searches', () => {
  it('keeps at most the cap: the least asked, then the oldest, go, never the text just counted', async () => {
    await sql`insert into popular_searches (query, count) select 'запрос ' || n, 5 from generate_series(1, ${popularSearchesCap}) n`.execute(t.db);
    expect((await t.rest('GET', `/products?name=${encodeURIComponent('кроссовки')}`)).status).toBe(200);
    await vi.waitFor(async () => {
      const rows = await t.db.selectFrom('popularSearches').select(['query', 'count']).where('query', '=', 'кроссовки').execute();
      expect(rows[0]?.count).toBe(3);
    }, slow);
    const total = await t.db.selectFrom('popularSearches').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(popularSearchesCap);
    // «платье», asked once, was the least asked.
    expect(await t.db.selectFrom('popularSearches').select('query').where('query', '=', 'платье').execute()).toEqual([]);
  });
});
