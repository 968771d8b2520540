import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import type { Product, ProductCard } from '../src/shared/schemas/catalogue.js';
import { keepNoWordIndex, switchOffCaches } from '../src/server/services/catalogue/listing/caches.js';
import { resolveQuery } from '../src/server/services/catalogue/search/resolve.js';
import { WordIndex } from '../src/server/services/catalogue/search/word-index.js';
import { indexedVersion, indexRanking } from '../src/server/services/catalogue/search/word-index-store.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { judgedQueries } from './support/search-judged.js';

/**
 * The word index (services/catalogue/search/word-index.ts) ranks a search asked for the first time
 * in memory: its order must be PostgreSQL's own `ts_rank` order, float for float, on the demo
 * catalogue's every judged query, and a catalogue that changed must be searched in the database
 * until the index is built again.
 */

let t: TestApp;
let adminToken = '';
const balls: Product[] = [];

interface Answer {
  rows: ProductCard[];
  length: number;
}

async function create(name: string): Promise<Product> {
  const url = `wi-${balls.length}-${Date.now()}`;
  const response = await t.rest<Product>('POST', '/products', { token: adminToken, body: { name, url, variants: [{ article: url.toUpperCase(), price: 990, stock: 3 }] } });
  expect(response.status).toBe(200);
  return response.body;
}

/** The page statement's order, written out: every match by the doubled rank, then id, both descending. */
async function databaseOrder(tsquery: string, rankQuery: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select id from products where search @@ ${tsquery}::tsquery
    order by ts_rank(search, ${tsquery}::tsquery, 1) + coalesce(ts_rank(search, nullif(${rankQuery}, '')::tsquery, 1), 0) desc, id desc`.execute(t.db);
  return rows.map((row) => row.id);
}

async function builtIndex(): Promise<WordIndex> {
  const { rows } = await sql<{ id: number; search: string }>`select id, search::text as search from products order by id`.execute(t.db);
  const index = WordIndex.build(rows);
  if (!index) throw new Error('The catalogue could not be indexed');
  return index;
}

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.db, { production: false });
  adminToken = await t.signInAdmin();
  // A word that starts a longer one: «мяч» whole and as a prefix rank «мячик» differently.
  for (const name of ['Мяч футбольный', 'Мячик теннисный', 'Мяч', 'Мячик для собак резиновый', 'Набор мячей и мячиков']) balls.push(await create(name));
});
afterAll(() => t?.close());

describe('the word index ranks as the database does', () => {
  it('gives every judged query the order of ts_rank, id for id', async () => {
    const index = await builtIndex();
    let compared = 0;
    let picked = 0;
    for (const { query } of judgedQueries()) {
      const reading = await resolveQuery(t.db, query);
      if (!reading.tsquery) continue;
      const ranked = index.rank(reading.tsquery, reading.rankQuery, 10_000)?.ids;
      if (!ranked) {
        // Only several words joined by «&» are left to the database.
        expect(reading.tsquery, query).toContain('&');
        continue;
      }
      const order = await databaseOrder(reading.tsquery, reading.rankQuery);
      expect(Array.from(ranked), query).toEqual(order);
      // The best one, picked without sorting the rest when the matches are more than four.
      const best = index.rank(reading.tsquery, reading.rankQuery, 10_000, 1);
      expect(best?.ids[0], query).toBe(order[0]);
      expect(best?.count, query).toBe(order.length);
      if (order.length > 4) picked++;
      compared++;
    }
    expect(compared).toBeGreaterThan(150);
    expect(picked).toBeGreaterThan(10);
  });

  it('counts one lexeme named whole and as a prefix as PostgreSQL does: the last one written', async () => {
    const index = await builtIndex();
    for (const tsquery of ["('мяч':* | 'мяч')", "('мяч' | 'мяч':*)", "'мячик' | 'мяч':* | 'мяч'", "'мяч' | 'мяч'"]) {
      const order = await databaseOrder(tsquery, '');
      expect(order.length, tsquery).toBeGreaterThanOrEqual(3);
      expect(Array.from(index.rank(tsquery, '', 10_000)?.ids ?? []), tsquery).toEqual(order);
      // The first of it, picked without sorting the rest (when it is under a quarter of the matches).
      const first = index.rank(tsquery, '', 10_000, 1);
      expect(first?.count).toBe(order.length);
      expect(first?.ids[0]).toBe(order[0]);
    }
    // The two spellings do rank differently, so the test above tells them apart.
    expect(await databaseOrder("('мяч':* | 'мяч')", '')).not.toEqual(await databaseOrder("('мяч' | 'мяч':*)", ''));
    // With a rank query of the words as typed, and more matches than asked for.
    expect(Array.from(index.rank("('мяч':* | 'мяч')", "'мяч':*", 10_000)?.ids ?? [])).toEqual(await databaseOrder("('мяч':* | 'мяч')", "'мяч':*"));
    expect(index.rank("('мяч':* | 'мяч')", '', 2)).toBeNull();
    expect(index.rank("'мяч' & 'теннисн'", '', 10_000)).toBeNull();
  });
});

describe('a search asked for the first time', () => {
  const pages = ['кроссовки', 'куртка', 'мяч', 'rhjccjdrb', 'найк', 'футболка хлопковая'].flatMap((word) =>
    ['limit=5', 'limit=5&offset=5', 'limit=12&offset=3'].map((page) => `name=${encodeURIComponent(word)}&${page}`),
  );

  async function answers(): Promise<Answer[]> {
    const found: Answer[] = [];
    for (const page of pages) {
      const response = await t.rest<Answer>('GET', `/products?${page}`);
      expect(response.status).toBe(200);
      found.push(response.body);
    }
    return found;
  }

  it('answers from the index what the full search in the database answers', async () => {
    switchOffCaches(t.db, ['answers', 'rankings', 'words'], true);
    const full = await answers();
    switchOffCaches(t.db, ['answers', 'rankings'], true);
    await t.rest('GET', `/products?name=${encodeURIComponent('мяч')}`);
    await expect.poll(() => indexedVersion(t.db), { timeout: 20_000 }).not.toBeNull();
    expect(await answers()).toEqual(full);
    expect(full.filter((answer) => answer.length > 0).length).toBeGreaterThan(pages.length / 2);
  });

  it('searches the database while the index is older than the catalogue, and builds it again', async () => {
    switchOffCaches(t.db, ['answers', 'rankings'], true);
    await t.rest('GET', `/products?name=${encodeURIComponent('мяч')}`);
    await expect.poll(() => indexedVersion(t.db), { timeout: 20_000 }).not.toBeNull();
    const before = indexedVersion(t.db) as number;
    const balled = await databaseOrder("('мяч':* | 'мяч')", '');
    expect(Array.from(indexRanking(t.db, "('мяч':* | 'мяч')", '', 10_000)?.ids ?? [])).toEqual(balled);

    const renamed = balls[0] as Product;
    const variants = renamed.variants.map((v) => ({ id: v.id, article: v.article, price: 990, stock: v.stock }));
    expect((await t.rest('PUT', `/products/${renamed.id}`, { token: adminToken, body: { name: 'Ворота футбольные', url: renamed.url, variants } })).status).toBe(200);
    const added = await create('Мяч баскетбольный');

    // At once: the page statement finds the index's version outdated and searches in full.
    const answer = (await t.rest<Answer>('GET', `/products?limit=20&name=${encodeURIComponent('мяч')}`)).body;
    expect(answer.rows.map((row) => row.id)).toContain(added.id);
    expect(answer.rows.map((row) => row.id)).not.toContain(renamed.id);
    expect(answer.length).toBe(balled.length);
    // The outdated index is built again (the search that found it outdated started that) and holds the new catalogue.
    await expect.poll(() => indexedVersion(t.db) ?? 0, { timeout: 20_000 }).toBeGreaterThan(before);
    const again = indexRanking(t.db, "('мяч':* | 'мяч')", '', 10_000);
    expect(Array.from(again?.ids ?? [])).toEqual(await databaseOrder("('мяч':* | 'мяч')", ''));
    expect(Array.from(again?.ids ?? [])).toContain(added.id);
  });

  it('is not used where it is switched off', () => {
    keepNoWordIndex(t.db);
    expect(indexRanking(t.db, "('мяч':* | 'мяч')", '', 10_000)).toBeNull();
  });
});
