import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/shared/schemas/catalogue.js';
import type { AdminProductCard, StockItem } from '../src/shared/schemas/stock.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { signUp } from './support/orders-support.js';

/**
 * The back office's stock: the admin product list's filters (category, brand, in stock or not,
 * low stock ≤ 3), the item list, and the bulk change of stock — all or nothing, the colour's stock
 * and the product row kept in step, a stock.changed event per colour, admins only.
 */

let t: TestApp;
let adminToken = '';
let shopperToken = '';
const size: Record<string, number> = {};
const product: Record<string, Product> = {};

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
const get = async <T>(path: string) => (await t.rest<T>('GET', path, { token: adminToken })).body;
const productNames = async (query: string) => (await get<{ rows: AdminProductCard[] }>(`/admin/products?${query}`)).rows.map((row) => row.name).sort();
const items = async (query: string) => (await get<{ rows: StockItem[]; length: number }>(`/admin/stock?${query}`)).rows;

beforeAll(async () => {
  t = await startTestApp({ WEBHOOKS_ALLOW_HTTP: 'true' });
  adminToken = await t.signInAdmin();
  shopperToken = (await signUp(t, 'stock.shopper@shop.test')).token;
  for (const name of ['s', 'm']) size[name] = (await post<{ id: number }>('/sizes', { name: name.toUpperCase(), url: name })).id;
  const clothes = await post<{ id: number }>('/categories', { name: 'Одежда', url: 'odezhda' });
  const shirts = await post<{ id: number }>('/categories', { name: 'Футболки', url: 'futbolki', parentId: clothes.id });
  const toys = await post<{ id: number }>('/categories', { name: 'Игрушки', url: 'igrushki' });
  const brand = await post<{ id: number }>('/brands', { name: 'Север', url: 'sever' });
  product['shirt'] = await post<Product>('/products', {
    name: 'Футболка',
    url: 'futbolka',
    categories: [shirts.id],
    brands: [brand.id],
    sizes: [size['s'], size['m']],
    variants: [{ article: 'FT-1', price: 900, items: [{ sizeId: size['s'], stock: 2 }, { sizeId: size['m'], stock: 10 }] }],
  });
  product['bear'] = await post<Product>('/products', { name: 'Мишка', url: 'mishka', categories: [toys.id], variants: [{ article: 'BEAR-1', price: 500, stock: 20 }] });
  product['empty'] = await post<Product>('/products', { name: 'Пустая коробка', url: 'korobka', categories: [toys.id], variants: [{ article: 'BOX-1', price: 50, stock: 0 }] });
  await post('/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['stock.changed'] });
});
afterAll(() => t?.close());

describe('admin product list', () => {
  it('filters by category (with its subcategories), brand, stock and low stock (some item ≤ 3)', async () => {
    expect(await productNames('categories=odezhda')).toEqual(['Футболка']);
    expect(await productNames('brands=sever')).toEqual(['Футболка']);
    expect(await productNames('inStock=true')).toEqual(['Мишка', 'Футболка']);
    expect(await productNames('inStock=false')).toEqual(['Пустая коробка']);
    expect(await productNames('lowStock=true')).toEqual(['Пустая коробка', 'Футболка']);
    expect(await productNames('lowStock=true&inStock=true')).toEqual(['Футболка']);
    expect(await productNames('lowStock=false')).toEqual(['Мишка']);
    const shirt = (await get<{ rows: AdminProductCard[] }>('/admin/products?name=футб')).rows[0];
    expect(shirt).toMatchObject({ name: 'Футболка', minItemStock: 2, price: 900, brands: [expect.objectContaining({ name: 'Север' })] });
  });

  it('lists items with low stock and pages them', async () => {
    expect((await items('lowStock=true')).map((item) => item.article).sort()).toEqual(['BOX-1', 'FT-1/S']);
    const page = await get<{ rows: StockItem[]; length: number }>('/admin/stock?limit=2&offset=0');
    expect(page.length).toBe(4);
    expect(page.rows).toHaveLength(2);
    expect(await items(`products=${product['shirt']!.id}`)).toEqual([
      expect.objectContaining({ productName: 'Футболка', sizeName: 'S', article: 'FT-1/S', stock: 2 }),
      expect.objectContaining({ productName: 'Футболка', sizeName: 'M', article: 'FT-1/M', stock: 10 }),
    ]);
  });
});

describe('bulk stock change', () => {
  const ids = async () => (await items('limit=100')).map((item) => item.id);
  const stockOf = async () => Object.fromEntries((await items('limit=100')).map((item) => [item.article, item.stock]));

  it('sets and adds in one transaction, keeping the colour stock, the product row and webhooks in step', async () => {
    const shirtItems = await items(`products=${product['shirt']!.id}`);
    const box = (await items('name=коробка'))[0]!;
    const set = await t.rest<{ items: StockItem[] }>('POST', '/admin/stock', { token: adminToken, body: { itemIds: [...shirtItems.map((item) => item.id), box.id], mode: 'set', quantity: 5 } });
    expect(set.status).toBe(200);
    expect(set.body.items.map((item) => item.stock)).toEqual([5, 5, 5]);
    const added = await t.rest<{ items: StockItem[] }>('POST', '/admin/stock', { token: adminToken, body: { itemIds: [box.id], mode: 'add', quantity: 3 } });
    expect(added.body.items[0]?.stock).toBe(8);
    const shirt = (await t.rest<Product>('GET', `/products/${product['shirt']!.id}`)).body;
    expect(shirt.variants[0]?.stock).toBe(10);
    const boxProduct = (await t.rest<Product>('GET', `/products/${product['empty']!.id}`)).body;
    expect(boxProduct.inStock).toBe(true);
    expect(boxProduct.variants[0]?.stock).toBe(8);
    // The storefront sees it: the box is listed as available now.
    const listed = (await t.rest<{ rows: Array<{ name: string }> }>('GET', '/products?available=true')).body.rows.map((row) => row.name);
    expect(listed).toContain('Пустая коробка');
    const events = await t.db.selectFrom('webhookEvents').select('data').where('type', '=', 'stock.changed').execute();
    expect(events.map((event) => event.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ variantId: shirt.variants[0]!.id, productId: shirt.id, stock: 10 }),
        expect.objectContaining({ variantId: boxProduct.variants[0]!.id, productId: boxProduct.id, stock: 8 }),
      ]),
    );
  });

  it('refuses a change that would leave any item below zero, with a Russian 400, and changes nothing', async () => {
    const before = await stockOf();
    const version = (await t.rest<Product>('GET', `/products/${product['bear']!.id}`)).body.version;
    const refused = await t.rest<{ message: string }>('POST', '/admin/stock', { token: adminToken, body: { itemIds: await ids(), mode: 'add', quantity: -6 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Остаток не может стать отрицательным, ничего не изменено');
    expect(refused.body.message).toContain('Футболка, размер S (FT-1/S) — в наличии 5');
    expect(await stockOf()).toEqual(before);
    expect((await t.rest<Product>('GET', `/products/${product['bear']!.id}`)).body.version).toBe(version);
    const negativeSet = await t.rest('POST', '/admin/stock', { token: adminToken, body: { itemIds: await ids(), mode: 'set', quantity: -1 } });
    expect(negativeSet.status).toBe(400);
    const unknown = await t.rest('POST', '/admin/stock', { token: adminToken, body: { itemIds: [999_999], mode: 'set', quantity: 1 } });
    expect(unknown.status).toBe(404);
    expect(await stockOf()).toEqual(before);
  });

  it('is for admins only: 401 without a token, 403 for a shopper', async () => {
    const body = { itemIds: await ids(), mode: 'set', quantity: 100 };
    expect((await t.rest('POST', '/admin/stock', { body })).status).toBe(401);
    expect((await t.rest('POST', '/admin/stock', { body, token: shopperToken })).status).toBe(403);
    expect((await t.rest('GET', '/admin/stock', { token: shopperToken })).status).toBe(403);
    expect((await t.rest('GET', '/admin/products')).status).toBe(401);
    expect((await t.rest('GET', '/admin/products', { token: shopperToken })).status).toBe(403);
    expect(Object.values(await stockOf())).not.toContain(100);
  });
});
