import { describe, expect, it } from 'vitest';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import type { Brand, Category, ColorRecord } from '../src/shared/schemas/catalogue.js';
import { adminToken, brand, buyerToken, cat, color, post, product, t, tagId, useCatalogue, type List } from './support/catalogue-support.js';

/**
 * Categories, colours and brands over the known catalogue (support/catalogue-support.ts): reading,
 * listing, writing, and the refusals: records in use, and writes by anyone but an admin.
 */

useCatalogue();

describe('categories', () => {
  it('reads one, lists with filters and serves the tree', async () => {
    expect(await t.rest('GET', `/categories/${cat['obuv']!.id}`)).toEqual({ status: 200, body: cat['obuv'] });
    const roots = await t.rest<List<Category>>('GET', '/categories?parent=root&sortBy=name');
    expect(roots.body).toEqual({ rows: [cat['obuv'], cat['odezhda']], length: 2 });
    const shoes = await t.rest<List<Category>>('GET', '/categories?parent=obuv&sortBy=name&orderBy=desc');
    expect(shoes.body.rows.map((row) => row.url)).toEqual(['krossovki', 'botinki']);
    const byId = await t.rest<List<Category>>('GET', `/categories?parent=${cat['obuv']!.id}`);
    expect(byId.body.length).toBe(2);
    const withParameter = await t.rest<List<Category>>('GET', `/categories?parameters=${encodeURIComponent('Состав')}`);
    expect(withParameter.body.rows.map((row) => row.url)).toEqual(['odezhda']);
    const leaves = await t.rest<List<Category>>('GET', '/categories?children=false&sortBy=url');
    expect(leaves.body.rows.map((row) => row.url)).toEqual(['botinki', 'krossovki', 'kurtki']);
    const parents = await t.rest<List<Category>>('GET', '/categories?children=true');
    expect(parents.body.length).toBe(2);

    const tree = await t.rest<Array<Category & { children: Array<Category & { children: unknown[] }> }>>('GET', '/categories/categoriesTree');
    expect(tree.status).toBe(200);
    expect(tree.body.map((node) => node.url)).toEqual(['obuv', 'odezhda']);
    expect(tree.body[0]!.children.map((node) => node.url)).toEqual(['botinki', 'krossovki']);
    expect(tree.body[0]!.parameters).toEqual(['Материал', 'Сезон']);
    expect(await t.trpc().catalogue.categories.tree.query({})).toHaveLength(2);
  });

  it('validates urls with a clear message, refuses duplicates and cycles', async () => {
    const cyrillic = await t.rest<{ message: string }>('POST', '/categories', { body: { name: 'Сумки', url: 'сумки' }, token: adminToken });
    expect(cyrillic.status).toBe(400);
    expect(cyrillic.body.message).toContain('Адрес (url) может содержать только латинские буквы, цифры и дефисы');
    const duplicate = await t.rest('POST', '/categories', { body: { name: 'Обувь 2', url: 'obuv' }, token: adminToken });
    expect(duplicate).toEqual({ status: 409, body: { statusCode: 409,code: 'CONFLICT',  message: domainMessages.duplicateUrl } });
    const cycle = await t.rest('PUT', `/categories/${cat['obuv']!.id}`, {
      body: { name: 'Обувь', url: 'obuv', parentId: cat['krossovki']!.id },
      token: adminToken,
    });
    expect(cycle).toEqual({ status: 400, body: { statusCode: 400,code: 'BAD_REQUEST',  message: domainMessages.categoryCycle } });
    const missingParent = await t.rest('POST', '/categories', { body: { name: 'Сироты', url: 'siroty', parentId: 99999 }, token: adminToken });
    expect(missingParent).toEqual({ status: 400, body: { statusCode: 400,code: 'BAD_REQUEST',  message: domainMessages.referencedMissing } });
  });

  it('updates and deletes a category nobody uses', async () => {
    const created = await post<Category>('/categories', { name: 'Сумки', url: 'sumki', parentId: cat['odezhda']!.id });
    const updated = await t.rest<Category>('PUT', `/categories/${created.id}`, {
      body: { name: 'Сумки и рюкзаки', url: 'sumki-i-ryukzaki', desc: 'Городские', parentId: null, parameters: ['Объём'] },
      token: adminToken,
    });
    expect(updated.body).toEqual({
      ...created,
      name: 'Сумки и рюкзаки',
      url: 'sumki-i-ryukzaki',
      desc: 'Городские',
      parentId: null,
      parameters: ['Объём'],
      version: created.version + 1,
    });
    expect(await t.rest('DELETE', `/categories/${created.id}`, { token: adminToken })).toEqual({ status: 200, body: { ok: true } });
    expect((await t.rest('GET', `/categories/${created.id}`)).status).toBe(404);
    expect((await t.rest('DELETE', `/categories/${created.id}`, { token: adminToken })).status).toBe(404);
  });
});

describe('colours and brands', () => {
  it('stores hex codes in lower case and lists colours by category (with descendants) and product', async () => {
    expect(color['white']!.code).toBe('#ffffff');
    const badCode = await t.rest<{ message: string }>('POST', '/colors', { body: { name: 'Серый', url: 'seryj', code: 'gray' }, token: adminToken });
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toContain('Цвет задаётся в формате #rrggbb');

    const shoes = await t.rest<List<ColorRecord>>('GET', '/colors?category=obuv&sortBy=url');
    expect(shoes.body.rows.map((row) => row.url)).toEqual(['belyj', 'chernyj', 'krasnyj']);
    const jackets = await t.rest<List<ColorRecord>>('GET', `/colors?parent=${cat['kurtki']!.id}&sortBy=url`);
    expect(jackets.body.rows.map((row) => row.url)).toEqual(['chernyj', 'krasnyj']);
    const ofProduct = await t.rest<List<ColorRecord>>('GET', `/colors?products=${product['kids']!.id}`);
    expect(ofProduct.body).toEqual({ rows: [color['red']], length: 1 });
    const byCode = await t.rest<List<ColorRecord>>('GET', `/colors?code=${encodeURIComponent('#E53935')}`);
    expect(byCode.body.rows).toEqual([color['red']]);
  });

  it('lists brands shown on the main page and brands of a category subtree', async () => {
    const main = await t.rest<List<Brand>>('GET', '/brands?showOnMain=true&limit=20');
    expect(main.body).toEqual({ rows: [brand['nike']], length: 1 });
    const clothes = await t.rest<List<Brand>>('GET', '/brands?category=odezhda&sortBy=name');
    expect(clothes.body.rows.map((row) => row.url)).toEqual(['adidas', 'zarina']);
    const paged = await t.rest<List<Brand>>('GET', '/brands?sortBy=name&orderBy=desc&limit=1&offset=1');
    // By code point: «Зарина» sorts after the Latin names.
    expect(paged.body).toEqual({ rows: [brand['nike']], length: 3 });
    expect(await t.rest('GET', `/brands/${brand['zarina']!.id}`)).toEqual({ status: 200, body: brand['zarina'] });
  });

  it('updates a brand and a colour', async () => {
    const updated = await t.rest<Brand>('PUT', `/brands/${brand['adidas']!.id}`, {
      body: { name: 'Adidas Originals', url: 'adidas', showOnMain: false, image: null },
      token: adminToken,
    });
    expect(updated.body.name).toBe('Adidas Originals');
    const recolored = await t.trpc(adminToken).catalogue.colors.update.mutate({ colorId: color['red']!.id, name: 'Красный', url: 'krasnyj', code: '#E53935' });
    expect(recolored).toEqual({ ...color['red'], version: color['red']!.version + 1 });
  });
});

describe('refusals', () => {
  it('refuses to delete a category, colour or brand with related data, with the shared Russian message', async () => {
    // The shared refusal, then what uses the record, in Russian number forms.
    const refusal = (what: string) => ({ status: 409, body: { statusCode: 409, code: 'CONFLICT', message: `${domainMessages.hasDependents}: ${what}` } });
    // A parent with subcategories (and their products), a leaf with products.
    expect(await t.rest('DELETE', `/categories/${cat['obuv']!.id}`, { token: adminToken })).toEqual(refusal('2 подкатегории'));
    expect(await t.rest('DELETE', `/categories/${cat['kurtki']!.id}`, { token: adminToken })).toEqual(refusal('1 товар'));
    expect(await t.rest('DELETE', `/colors/${color['black']!.id}`, { token: adminToken })).toEqual(refusal('3 товара'));
    expect(await t.rest('DELETE', `/brands/${brand['nike']!.id}`, { token: adminToken })).toEqual(refusal('1 товар'));
    expect(await t.rest('DELETE', `/tags/${tagId}`, { token: adminToken })).toEqual(refusal('2 товара'));
    expect((await t.rest('GET', `/categories/${cat['kurtki']!.id}`)).status).toBe(200);
  });

  it('lets only an admin write: 401 anonymous, 403 for a buyer, over REST and tRPC', async () => {
    const body = { name: 'Тест', url: 'test', variants: [{ article: 'T-1', price: 1, stock: 1 }] };
    for (const [method, path] of [
      ['POST', '/products'],
      ['PUT', `/products/${product['kids']!.id}`],
      ['DELETE', `/products/${product['kids']!.id}`],
      ['POST', '/categories'],
      ['DELETE', `/colors/${color['red']!.id}`],
      ['PUT', `/brands/${brand['nike']!.id}`],
    ] as const) {
      const options = method === 'DELETE' ? {} : { body };
      expect(await t.rest(method, path, options)).toEqual({ status: 401, body: { statusCode: 401,code: 'UNAUTHORIZED',  message: statusMessages[401] } });
      expect(await t.rest(method, path, { ...options, token: buyerToken })).toEqual({ status: 403, body: { statusCode: 403,code: 'FORBIDDEN',  message: statusMessages[403] } });
    }
    await expect(t.trpc(buyerToken).catalogue.products.delete.mutate({ productId: product['kids']!.id })).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });
    expect((await t.rest('GET', `/products/${product['kids']!.id}`)).status).toBe(200);
  });
});
