import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markedStatements } from '../src/server/db/prepared.js';
import { priceRange } from '../src/server/services/catalogue/listing/price-range.js';
import { priceRangeSchema, type Color, type ProductCard } from '../src/shared/schemas/catalogue.js';
import { openOneConnection, startTestApp, type TestApp } from './support/harness.js';

/**
 * Variant filters: a colour and a price window match the same variant, list totals never pretend,
 * and swapped price bounds are read in the right order.
 */

let t: TestApp;
let adminToken = '';
const color: Record<string, Color> = {};

interface Answer {
  rows: ProductCard[];
  length: number;
  approximate: boolean;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const list = async (query: string) => (await t.rest<Answer>('GET', `/products?${query}`)).body;
const cards = async (query: string) => (await list(query)).rows.map((row) => ({ name: row.name, price: row.price, image: row.image }));

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
  for (const [key, code] of [['black', '#000000'], ['white', '#ffffff'], ['red', '#ff0000']] as const) {
    color[key] = await post('/colors', { name: key, url: key, code });
  }
  await post('/products', {
    name: 'Рюкзак первый',
    url: 'first',
    variants: [
      { article: 'F-BLK', colorId: color['black']!.id, price: 5199, stock: 2, images: ['first-black.webp'] },
      { article: 'F-WHT', colorId: color['white']!.id, price: 1006, stock: 3, images: ['first-white.webp'] },
    ],
  });
  await post('/products', {
    name: 'Рюкзак второй',
    url: 'second',
    variants: [
      { article: 'S-BLK', colorId: color['black']!.id, price: 1006, oldPrice: 1500, stock: 0, images: ['second-black.webp'] },
      { article: 'S-RED', colorId: color['red']!.id, price: 3000, stock: 2, images: ['second-red.webp'] },
    ],
  });
});
afterAll(() => t?.close());

describe('colour and price match the same variant', () => {
  it('lists a product whose variant of the colour is priced within the range, and shows that variant', async () => {
    expect(await cards('colors=black&minPrice=1000&maxPrice=5000')).toEqual([{ name: 'Рюкзак второй', price: 1006, image: 'second-black.webp' }]);
    const [card] = (await list('colors=black&minPrice=1000&maxPrice=5000')).rows;
    expect(card?.oldPrice).toBe(1500);
    // In stock when `available` is set: the black 1006 ₽ variant is sold out.
    expect(await cards('colors=black&minPrice=1000&maxPrice=5000&available=true')).toEqual([]);
    expect(await cards('colors=black&available=true')).toEqual([{ name: 'Рюкзак первый', price: 5199, image: 'first-black.webp' }]);
  });

  it('sorts by the shown variant price and applies price bounds alone to any variant', async () => {
    expect(await cards('colors=black&sortBy=price')).toEqual([
      { name: 'Рюкзак второй', price: 1006, image: 'second-black.webp' },
      { name: 'Рюкзак первый', price: 5199, image: 'first-black.webp' },
    ]);
    expect(await cards('minPrice=5000&sortBy=price')).toEqual([{ name: 'Рюкзак первый', price: 5199, image: 'first-black.webp' }]);
    expect(await t.trpc().catalogue.products.list.query({ colors: ['white'], maxPrice: 2000 })).toMatchObject({ rows: [{ name: 'Рюкзак первый', price: 1006 }] });
  });

  it('bounds priceRange by the variants that match the other filters', async () => {
    expect((await t.rest('GET', '/products/priceRange?colors=black')).body).toEqual({ minPrice: 1006, maxPrice: 5199 });
    expect((await t.rest('GET', '/products/priceRange?colors=black&available=true')).body).toEqual({ minPrice: 5199, maxPrice: 5199 });
    expect((await t.rest('GET', '/products/priceRange?colors=red,white')).body).toEqual({ minPrice: 1006, maxPrice: 3000 });
    expect((await t.rest('GET', '/products/priceRange')).body).toEqual({ minPrice: 1006, maxPrice: 5199 });
  });

  it('counts the same total whether the list is walked (newest) or collected (by price, by name), all read from the variants', async () => {
    const queries = ['colors=black', 'colors=black&available=true', 'colors=black&minPrice=1000&maxPrice=5000', 'minPrice=5000', 'colors=red,white', 'available=true&maxPrice=2000', 'colors=white&desc=нет'];
    const totals = [];
    for (const query of queries) {
      const walked = await list(`${query}&limit=100`);
      expect((await list(`${query}&limit=100&sortBy=price`)).length, query).toBe(walked.length);
      const byName = await list(`${query}&limit=100&sortBy=name&orderBy=desc`);
      expect(byName.length, query).toBe(walked.length);
      expect(byName.rows.map((row) => row.name), query).toEqual(walked.rows.map((row) => row.name).sort().reverse());
      expect(walked.rows, query).toHaveLength(walked.length);
      totals.push(walked.length);
    }
    expect(totals).toEqual([2, 1, 1, 1, 2, 1, 0]);
  });

  it('refuses price bounds the wrong way round instead of guessing, naming both', async () => {
    for (const path of ['/products?colors=black&minPrice=5000&maxPrice=1000', '/products/priceRange?minPrice=9000&maxPrice=100']) {
      const refused = await t.rest<{ message: string }>('GET', path);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/minPrice \(\d+\) больше maxPrice \(\d+\)/);
    }
    expect((await cards('colors=black&minPrice=1000&maxPrice=5000')).length).toBeGreaterThan(0);
  });
});

describe('totals', () => {
  it('are exact up to 10 000 matches, then «more than 10 000» with a last page that is full', async () => {
    await sql`insert into products (name, url, "desc", price, in_stock)
      select 'Товар ' || i, 'gen-' || i, 'сгенерированный товар', 100000, true from generate_series(1, 10050) as i`.execute(t.db);
    expect(await list('desc=сгенерир&limit=1&available=true')).toMatchObject({ length: 10_000, approximate: true });
    const last = await list('desc=сгенерир&limit=12&offset=9996');
    expect(last.rows.length).toBeGreaterThan(0);
    expect(last).toMatchObject({ length: 10_000, approximate: true });
    // Unfiltered: the exact count from the counter table.
    expect(await list('limit=1')).toMatchObject({ length: 10_052, approximate: false });
    expect(await list('name=рюкзак&limit=1')).toMatchObject({ length: 2, approximate: false });
    // A plain search of more than 10 000 matches, asked again (its ranking is not kept, search-results.ts).
    const broad = await list('name=товар&limit=3');
    expect(broad).toMatchObject({ length: 10_000, approximate: true });
    for (let i = 0; i < 3; i++) expect(await list('name=товар&limit=3')).toEqual(broad);
  });
});

describe('priceRange of a narrow filter', () => {
  it('answers from all the matches when none of the 500 cheapest and dearest variants match', async () => {
    // 600 red variants cheaper and 600 dearer than anything black: the walks from both ends of the
    // price index see only red, so the black range comes from the min/max statement.
    const [product] = await sql<{ id: number }>`insert into products (name, url, "desc", price, in_stock)
      values ('Брелок', 'brelok', 'красный брелок', 1000, true) returning id`.execute(t.db).then((result) => result.rows);
    await sql`insert into product_variants (product_id, article, color_id, price, stock, images, position)
      select ${product!.id}, 'R-' || i, ${color['red']!.id}, case when i <= 600 then 1000 else 9000000 end, 5, '{}', i
      from generate_series(1, 1200) as i`.execute(t.db);
    expect((await t.rest('GET', '/products/priceRange?colors=black')).body).toEqual({ minPrice: 1006, maxPrice: 5199 });
    expect((await t.rest('GET', '/products/priceRange?colors=red')).body).toEqual({ minPrice: 10, maxPrice: 90000 });
    expect((await t.rest('GET', '/products/priceRange?colors=white&available=true')).body).toEqual({ minPrice: 1006, maxPrice: 1006 });
  });
});

describe('priceRange statements kept prepared', () => {
  it('marks the price walks as prepared, and PostgreSQL plans them once (a generic plan) per connection', async () => {
    const filters = priceRangeSchema.parse({ colors: ['black'] });
    const expected = { minPrice: 1006, maxPrice: 5199 };
    expect(await priceRange(t.db, filters)).toEqual(expected);
    expect(markedStatements()).toBeGreaterThan(0);
    if (t.database.handle.kind === 'pglite') return;
    // One connection, so that every call and the pg_prepared_statements read below meet the same session.
    const single = await openOneConnection(t);
    try {
      for (let i = 0; i < 8; i++) expect(await priceRange(single.db, filters)).toEqual(expected);
      const prepared = await sql<{ name: string; genericPlans: number }>`select name, generic_plans from pg_prepared_statements where name like 'shop_%'`.execute(single.db);
      expect(prepared.rows.length).toBeGreaterThan(0);
      expect(prepared.rows.some((row) => Number(row.genericPlans) > 0)).toBe(true);
    } finally {
      await single.close();
    }
  });
});
