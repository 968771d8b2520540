import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSizeCharts } from '../src/server/db/seed-data/size-charts.js';
import type { Product } from '../src/shared/schemas/catalogue.js';
import type { SizeChart } from '../src/shared/schemas/size-charts.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { signUp } from './support/orders-support.js';

/**
 * Size charts: one per category, admin CRUD (admins only), and the chart a product shows — that of
 * the nearest of its categories or their ancestors.
 */

let t: TestApp;
let adminToken = '';
const category: Record<string, number> = {};
const product: Record<string, Product> = {};

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
const chartOf = async (productId: number) => (await t.rest<{ chart: SizeChart | null }>('GET', `/size-charts/by-product/${productId}`)).body.chart;
const chart = (categoryId: number, title: string) => ({ categoryId, title, columns: ['Размер', 'Грудь, см'], rows: [['S', '86–89'], ['M', '90–97']] });

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
  category['clothes'] = (await post<{ id: number }>('/categories', { name: 'Одежда', url: 'odezhda' })).id;
  category['jackets'] = (await post<{ id: number }>('/categories', { name: 'Куртки', url: 'kurtki', parentId: category['clothes'] })).id;
  category['shoes'] = (await post<{ id: number }>('/categories', { name: 'Обувь', url: 'obuv' })).id;
  category['toys'] = (await post<{ id: number }>('/categories', { name: 'Игрушки', url: 'igrushki' })).id;
  const make = (url: string, categories: number[]) => post<Product>('/products', { name: url, url, categories, variants: [{ article: url.toUpperCase(), price: 100, stock: 1 }] });
  product['jacket'] = await make('kurtka', [category['jackets']]);
  product['bear'] = await make('mishka', [category['toys']]);
});
afterAll(() => t?.close());

describe('size charts', () => {
  it('are created, read, edited and deleted by an admin, one per category', async () => {
    const created = await post<SizeChart>('/size-charts', chart(category['clothes']!, 'Размеры одежды'));
    expect(created).toMatchObject({ categoryName: 'Одежда', title: 'Размеры одежды', columns: ['Размер', 'Грудь, см'], rows: [['S', '86–89'], ['M', '90–97']], version: 1 });
    const second = await t.rest<{ message: string }>('POST', '/size-charts', { token: adminToken, body: chart(category['clothes']!, 'Ещё одна') });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('У этой категории уже есть таблица размеров');
    const ragged = await t.rest<{ message: string }>('POST', '/size-charts', { token: adminToken, body: { ...chart(category['shoes']!, 'Обувь'), rows: [['38']] } });
    expect(ragged.status).toBe(400);
    expect(ragged.body.message).toContain('В строке 1 ячеек 1, а столбцов 2');

    const edited = await t.rest<SizeChart>('PUT', `/size-charts/${created.id}`, { token: adminToken, body: { ...chart(category['clothes']!, 'Одежда: размеры'), rows: [['L', '98–101']], version: 1 } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Одежда: размеры', rows: [['L', '98–101']], version: 2 });
    const stale = await t.rest('PUT', `/size-charts/${created.id}`, { token: adminToken, body: { ...chart(category['clothes']!, 'Старое'), version: 1 } });
    expect(stale.status).toBe(409);
    const list = await t.rest<{ rows: SizeChart[]; length: number }>('GET', '/size-charts', { token: adminToken });
    expect(list.body.length).toBe(1);
    expect((await t.rest<SizeChart>('GET', `/size-charts/${created.id}`, { token: adminToken })).body.title).toBe('Одежда: размеры');

    const temporary = await post<SizeChart>('/size-charts', chart(category['toys']!, 'Игрушки'));
    expect((await t.rest('DELETE', `/size-charts/${temporary.id}`, { token: adminToken })).status).toBe(200);
    expect((await t.rest('GET', `/size-charts/${temporary.id}`, { token: adminToken })).status).toBe(404);
  });

  it('are the admin’s to manage: 401 without a token, 403 for a shopper', async () => {
    const shopper = await signUp(t, 'charts.shopper@shop.test');
    expect((await t.rest('GET', '/size-charts')).status).toBe(401);
    expect((await t.rest('GET', '/size-charts', { token: shopper.token })).status).toBe(403);
    expect((await t.rest('POST', '/size-charts', { token: shopper.token, body: chart(category['shoes']!, 'Обувь') })).status).toBe(403);
  });

  it('show a product the chart of its nearest category or ancestor that has one, else none', async () => {
    expect((await chartOf(product['jacket']!.id))?.title).toBe('Одежда: размеры');
    const own = await post<SizeChart>('/size-charts', chart(category['jackets']!, 'Размеры курток'));
    expect((await chartOf(product['jacket']!.id))?.title).toBe('Размеры курток');
    await t.rest('DELETE', `/size-charts/${own.id}`, { token: adminToken });
    expect((await chartOf(product['jacket']!.id))?.title).toBe('Одежда: размеры');
    expect(await chartOf(product['bear']!.id)).toBeNull();
    expect((await t.rest('GET', '/size-charts/by-product/999999')).status).toBe(404);
  });

  it('go with their category, and the demo data gives clothing and footwear one each', async () => {
    await t.db.transaction().execute((trx) => seedSizeCharts(trx));
    const titles = (await t.rest<{ rows: SizeChart[] }>('GET', '/size-charts', { token: adminToken })).body.rows.map((row) => `${row.categoryName}: ${row.title}`);
    expect(titles).toEqual(['Обувь: Размеры обуви', 'Одежда: Одежда: размеры']);
    const lone = await post<{ id: number }>('/categories', { name: 'Шапки', url: 'shapki' });
    await post('/size-charts', chart(lone.id, 'Шапки'));
    expect((await t.rest('DELETE', `/categories/${lone.id}`, { token: adminToken })).status).toBe(200);
    expect((await t.rest<{ length: number }>('GET', '/size-charts', { token: adminToken })).body.length).toBe(2);
  });
});
