import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '../src/shared/schemas/catalogue.js';
import { keepNoAnswers } from '../src/server/services/catalogue/listing/caches.js';
import { startTestApp, type TestApp } from './support/harness.js';

/**
 * Cards name their colours and brands from memory (services/catalogue/listing/card-names.ts),
 * checked against `search_version` by the statement that reads the cards: a colour or brand
 * renamed, through this server or another, shows on the next card, in the list and in the
 * product page's discovery rows.
 */

let t: TestApp;
let other: TestApp;
let token = '';

interface Answer {
  rows: ProductCard[];
}

async function card(app: TestApp, url: string): Promise<ProductCard> {
  const response = await app.rest<Answer>('GET', `/products?name=${encodeURIComponent('термокружка')}&limit=20`);
  expect(response.status).toBe(200);
  const found = response.body.rows.find((row) => row.url === url);
  if (!found) throw new Error(`${url} is not listed`);
  return found;
}

async function made<T>(path: string, body: object): Promise<T> {
  const response = await t.rest<T>('POST', path, { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

beforeAll(async () => {
  t = await startTestApp();
  other = await startTestApp({}, undefined, t.database);
  keepNoAnswers(t.db);
  keepNoAnswers(other.db);
  token = await t.signInAdmin();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('card names', () => {
  it('shows colours by id and brands by name, and a rename at once, also made through another server', async () => {
    const teal = await made<{ id: number; version: number }>('/colors', { name: 'Бирюзовый', url: 'card-teal', code: '#30d5c8' });
    const amber = await made<{ id: number }>('/colors', { name: 'Янтарный', url: 'card-amber', code: '#ffbf00' });
    const zeta = await made<{ id: number; version: number }>('/brands', { name: 'Зета', url: 'card-zeta', synonyms: [] });
    const alfa = await made<{ id: number }>('/brands', { name: 'Альфа', url: 'card-alfa', synonyms: [] });
    const variants = [
      { article: 'CARD-1', colorId: amber.id, price: 990, stock: 2 },
      { article: 'CARD-2', colorId: teal.id, price: 990, stock: 2 },
      { article: 'CARD-3', colorId: amber.id, price: 1090, stock: 1 },
    ];
    await made('/products', { name: 'Термокружка стальная', url: 'card-mug', brands: [zeta.id, alfa.id], variants });

    const first = await card(t, 'card-mug');
    // Colours once each, by id; brands by name.
    expect(first.colors.map((color) => color.name)).toEqual(teal.id < amber.id ? ['Бирюзовый', 'Янтарный'] : ['Янтарный', 'Бирюзовый']);
    expect(first.colors.find((color) => color.id === teal.id)).toEqual({ id: teal.id, name: 'Бирюзовый', url: 'card-teal', code: '#30d5c8' });
    expect(first.brands).toEqual([
      { id: alfa.id, name: 'Альфа', url: 'card-alfa' },
      { id: zeta.id, name: 'Зета', url: 'card-zeta' },
    ]);
    expect(first.price).toBe(990);

    // Renamed through the other server: this one's next card has the new names.
    expect((await other.rest('PUT', `/colors/${teal.id}`, { token, body: { name: 'Морская волна', url: 'card-teal', code: '#008080', version: teal.version } })).status).toBe(200);
    expect((await other.rest('PUT', `/brands/${zeta.id}`, { token, body: { name: 'Аврора', url: 'card-zeta', synonyms: [], version: zeta.version } })).status).toBe(200);
    const renamed = await card(t, 'card-mug');
    expect(renamed.colors.find((color) => color.id === teal.id)).toEqual({ id: teal.id, name: 'Морская волна', url: 'card-teal', code: '#008080' });
    expect(renamed.brands.map((brand) => brand.name)).toEqual(['Аврора', 'Альфа']);

    // The discovery rows' cards are named the same way.
    await made('/products', { name: 'Термокружка походная', url: 'card-mug-2', brands: [alfa.id], variants: [{ article: 'CARD-4', colorId: teal.id, price: 1000, stock: 3 }] });
    const byUrls = await t.rest<Answer>('GET', '/products/by-urls?urls=card-mug-2');
    expect(byUrls.status).toBe(200);
    expect(byUrls.body.rows.map((row) => [row.colors.map((color) => color.name), row.brands.map((brand) => brand.name), row.price])).toEqual([[['Морская волна'], ['Альфа'], 1000]]);
  });
});
