import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand, Category, Product, ProductCard } from '../src/shared/schemas/catalogue.js';
import { startTestApp, type TestApp } from './support/harness.js';

/**
 * Categories and brands in name search, and the inputs people really type (docs/search.md), on a
 * small catalogue of its own: a category word matches the category's products and its
 * descendants', a brand in Cyrillic or Latin matches the brand, name matches rank first, and the
 * category and brand words follow the admin's edits at once.
 */

let t: TestApp;
let adminToken = '';
const category: Record<string, Category> = {};
const brand: Record<string, Brand> = {};
const product: Record<string, Product> = {};

async function send<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>(method, path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

interface Answer {
  rows: ProductCard[];
  correctedQuery?: string;
}

async function find(text: string): Promise<Answer> {
  const response = await t.rest<Answer>('GET', `/products?name=${encodeURIComponent(text)}`);
  expect(response.status).toBe(200);
  return response.body;
}

const urls = async (text: string) => (await find(text)).rows.map((row) => row.url);
const searchVersion = async () => Number((await sql<{ version: string }>`select version from search_version`.execute(t.db)).rows[0]?.version);

let article = 0;
function fields(name: string, url: string, categoryUrl: string | null, brandUrl: string | null) {
  return {
    name,
    url,
    categories: categoryUrl ? [category[categoryUrl]!.id] : [],
    brands: brandUrl ? [brand[brandUrl]!.id] : [],
    variants: [{ article: `CB-${++article}`, price: 1000, stock: 3 }],
  };
}

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
  brand['nike'] = await send('POST', '/brands', { name: 'Nike', url: 'nike', synonyms: ['найк'] });
  brand['hausmann'] = await send('POST', '/brands', { name: 'Hausmann', url: 'hausmann' });
  category['odezhda'] = await send('POST', '/categories', { name: 'Одежда', url: 'odezhda' });
  category['kurtki'] = await send('POST', '/categories', { name: 'Куртки', url: 'kurtki', parentId: category['odezhda'].id });
  category['dom'] = await send('POST', '/categories', { name: 'Текстиль', url: 'dom' });
  for (const [name, url, categoryUrl, brandUrl] of [
    ['Ветровка Nike Windrunner', 'windrunner', 'kurtki', 'nike'],
    ['Куртка зимняя', 'kurtka', 'kurtki', null],
    ['Парка городская', 'parka', 'kurtki', null],
    ['Кроссовки беговые', 'krossovki', null, 'nike'],
    ['Плед флисовый 150x200', 'pled', 'dom', 'hausmann'],
    ['Простыня 160×200', 'prostynya', 'dom', null],
  ] as const) {
    product[url] = await send('POST', '/products', fields(name, url, categoryUrl, brandUrl));
  }
});
afterAll(() => t?.close());

describe('category words', () => {
  it('match the category and its descendants in any form, name matches first', async () => {
    const found = await urls('куртки');
    expect(found[0]).toBe('kurtka');
    expect(found.slice(1).sort()).toEqual(['parka', 'windrunner']);
    expect((await urls('одежда')).sort()).toEqual(['kurtka', 'parka', 'windrunner']);
    expect((await urls('rehnrb')).sort()).toEqual(['kurtka', 'parka', 'windrunner']);
    expect((await urls('odezhdy')).sort()).toEqual(['kurtka', 'parka', 'windrunner']);
  });

  it('combine with a brand: «куртка nike» finds the brand in the category', async () => {
    for (const text of ['куртка nike', 'куртка найк', 'одежда nike', 'найк куртки']) expect(await urls(text), text).toEqual(['windrunner']);
  });

  it('follow a product moved to another category, and a category renamed, at once', async () => {
    await urls('текстиль');
    await urls('текстиль');
    const before = await searchVersion();
    await send('PUT', `/products/${product['parka']!.id}`, fields('Парка городская', 'parka', 'dom', null));
    expect(await searchVersion()).toBeGreaterThan(before);
    expect((await urls('текстиль')).sort()).toEqual(['parka', 'pled', 'prostynya']);
    expect((await urls('одежда')).sort()).toEqual(['kurtka', 'windrunner']);
    await send('PUT', `/categories/${category['dom']!.id}`, { name: 'Дом', url: 'dom', version: category['dom']!.version });
    expect(await urls('текстиль')).toEqual([]);
    expect((await urls('дом')).sort()).toEqual(['parka', 'pled', 'prostynya']);
  });

  it('an unchanged save moves no version: the kept rankings stay', async () => {
    const before = await searchVersion();
    await send('PUT', `/products/${product['windrunner']!.id}`, fields('Ветровка Nike Windrunner', 'windrunner', 'kurtki', 'nike'));
    expect(await searchVersion()).toBe(before);
  });
});

describe('brands', () => {
  it('match in Cyrillic, by a synonym, and follow new synonyms', async () => {
    for (const text of ['найк', 'nike', 'тшлу']) expect((await urls(text)).sort(), text).toEqual(['krossovki', 'windrunner']);
    expect(await urls('хаусман')).toEqual(['pled']);
    expect(await urls('хосман')).toEqual([]);
    await send('PUT', `/brands/${brand['hausmann']!.id}`, { name: 'Hausmann', url: 'hausmann', synonyms: ['хосман'], version: brand['hausmann']!.version });
    expect(await urls('хосман')).toEqual(['pled']);
  });
});

describe('inputs people really type', () => {
  it('reads Latin letters that look like Cyrillic ones inside a Cyrillic word', async () => {
    for (const text of ['кypткa', 'KУPTKA зимняя', 'пapкa']) expect((await urls(text)).length, text).toBeGreaterThan(0);
    expect(await urls('пapкa')).toEqual(['parka']);
  });

  it('reads a one-letter word in the layout of the other words («d» for «в»)', async () => {
    const answer = await find('gfhrf d ujhjlcrfz');
    expect(answer.correctedQuery).toBe('парка в городская');
    expect(answer.rows.map((row) => row.url)).toEqual(['parka']);
  });

  it('corrects a typo in another case or number of the word', async () => {
    expect(await urls('кросовками')).toEqual(['krossovki']);
    expect(await urls('парками')).toEqual(['parka']);
    expect(await urls('порками')).toEqual(['parka']);
  });

  it('reads dimensions with x, х, × or * between the numbers', async () => {
    for (const text of ['150x200', '150х200', '150×200', '150*200', '150 x 200', 'плед 150 * 200']) expect(await urls(text), text).toEqual(['pled']);
    for (const text of ['160x200', '160 х 200', '160×200']) expect(await urls(text), text).toEqual(['prostynya']);
    expect(await urls('200x150')).toEqual([]);
  });

  it('finds a diminutive by its base word', async () => {
    expect((await find('курточка')).correctedQuery).toBe('куртка');
    expect(await urls('курточку')).toContain('kurtka');
    expect((await find('пледик')).correctedQuery).toBe('плед');
  });
});
