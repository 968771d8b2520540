import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';

/** REST callers get no silent wrong answers: list parameters in every common spelling, limits lowered to the maximum, unknown product fields kept. */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
});

afterAll(() => t?.close());

describe('integrators get no silent wrong answers', () => {
  it('reads key[]= and key[0]= as lists', async () => {
    const make = async (url: string) => (await t.rest<{ id: number }>('POST', '/colors', { token: adminToken, body: { name: url, url, code: '#123456' } })).body.id;
    const [first, second] = [await make('pervyj'), await make('vtoroj')];
    const variant = (colorId: number, article: string) => ({ article, colorId, price: 100, stock: 1 });
    for (const [url, colorId] of [['tovar-1', first], ['tovar-2', second]] as const) {
      expect((await t.rest('POST', '/products', { token: adminToken, body: { name: url, url, variants: [variant(colorId, url)] } })).status).toBe(200);
    }
    expect((await t.rest('POST', '/products', { token: adminToken, body: { name: 'третий', url: 'tovar-3', variants: [{ article: 't3', price: 1, stock: 1 }] } })).status).toBe(200);
    for (const query of ['colors[]=pervyj&colors[]=vtoroj', 'colors[0]=pervyj&colors[1]=vtoroj', 'colors=pervyj,vtoroj', 'colors=pervyj&colors=vtoroj']) {
      const list = await t.rest<{ length: number }>('GET', `/products?${query}`);
      expect(list.body.length, query).toBe(2);
    }
    expect((await t.rest<{ length: number }>('GET', '/products?colors[]=pervyj')).body.length).toBe(1);
  });

  it('lowers a limit above the maximum to the maximum instead of refusing it', async () => {
    expect((await t.rest('GET', '/tags?limit=10000')).status).toBe(200);
    expect((await t.rest('GET', '/products?limit=10000')).status).toBe(200);
    expect((await t.rest('GET', '/tags?limit=0')).status).toBe(400);
    const document = await t.rest<{ paths: Record<string, { get: { parameters: Array<{ name: string; schema: { description?: string } }> } }> }>('GET', '/openapi.json');
    const limit = document.body.paths['/tags']?.get.parameters.find((parameter) => parameter.name === 'limit');
    expect(limit?.schema.description).toContain('уменьшается до 1000');
  });

  it('keeps unknown top-level fields of a product and answers them at the top level', async () => {
    const body = { name: 'Открытый', url: 'otkrytyj', warranty: '2 года', madeIn: { country: 'Россия' }, id: 999, price: 1, variants: [{ article: 'open-1', price: 500, stock: 2 }] };
    const created = await t.rest<Record<string, unknown>>('POST', '/products', { token: adminToken, body });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ warranty: '2 года', madeIn: { country: 'Россия' }, price: 500, extra: { warranty: '2 года', madeIn: { country: 'Россия' } } });
    expect(created.body['id']).not.toBe(999);
    // Sent back as read, nothing computed becomes part of the open set.
    const updated = await t.rest<Record<string, unknown>>('PUT', `/products/${String(created.body['id'])}`, { token: adminToken, body: { ...created.body, warranty: '3 года' } });
    expect(updated.status).toBe(200);
    expect(updated.body['extra']).toEqual({ warranty: '3 года', madeIn: { country: 'Россия' } });
  });
});

describe('unknown parameters and fields are refused, naming them and the accepted ones', () => {
  it('refuses a misspelt or unknown query parameter instead of answering the unfiltered list', async () => {
    for (const query of ['sort=price', 'category=obuv', 'q=куртка', 'page=2', 'colors[x]=red']) {
      const refused = await t.rest<{ message: string }>('GET', `/products?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.message, query).toContain('Неизвестный параметр');
    }
    const sort = await t.rest<{ message: string }>('GET', '/products?sort=price');
    expect(sort.body.message).toContain('Неизвестный параметр: sort. Допустимые:');
    expect(sort.body.message).toContain('sortBy');
    // Reviews and questions sort by `sort`; `sortBy`, even bogus, is no longer silently ignored.
    for (const path of ['/reviews?sortBy=bogus', '/questions?sortBy=rating']) {
      const refused = await t.rest<{ message: string }>('GET', path);
      expect(refused.status, path).toBe(400);
      expect(refused.body.message).toMatch(/Неизвестный параметр: sortBy\. Допустимые: .*sort/);
    }
    expect((await t.rest('GET', '/reviews?sort=useful')).status).toBe(200);
  });

  it('refuses unknown body fields of closed records, but takes a record back as it was read', async () => {
    const tag = await t.rest<Record<string, unknown>>('POST', '/tags', { token: adminToken, body: { name: 'Зима', url: 'zima', colour: 'синий' } });
    expect(tag.status).toBe(400);
    expect((tag.body as { message: string }).message).toContain('Неизвестный параметр: colour');
    const made = await t.rest<Record<string, unknown>>('POST', '/tags', { token: adminToken, body: { name: 'Зима', url: 'zima' } });
    expect(made.status).toBe(200);
    // What GET answered (id, version, createdAt…) may be sent back: read-only fields are ignored.
    const again = await t.rest<Record<string, unknown>>('PUT', `/tags/${String(made.body['id'])}`, { token: adminToken, body: { ...made.body, name: 'Зима 2027' } });
    expect(again.status).toBe(200);
    expect(again.body['name']).toBe('Зима 2027');
    // Who may call is checked first: an anonymous caller gets 401 whatever the fields.
    expect((await t.rest('POST', '/tags', { body: { name: 'x', url: 'x', bogus: 1 } })).status).toBe(401);
  });

  it('refuses unknown fields of a variant and the aliases of real product fields', async () => {
    const variant = { article: 'alias-1', price: 100, stock: 1 };
    const unknownVariantField = await t.rest<{ message: string }>('POST', '/products', { token: adminToken, body: { name: 'Вариант', url: 'variant-x', variants: [{ ...variant, weight: 3 }] } });
    expect(unknownVariantField.status).toBe(400);
    expect(unknownVariantField.body.message).toContain('weight');
    for (const [alias, field] of [['available', 'availability'], ['category', 'categories']] as const) {
      const refused = await t.rest<{ message: string }>('POST', '/products', { token: adminToken, body: { name: 'Псевдоним', url: `alias-${alias}`, [alias]: true, variants: [variant] } });
      expect(refused.status, alias).toBe(400);
      expect(refused.body.message).toContain(`Неизвестное поле ${alias}: укажите ${field}`);
    }
  });
});

