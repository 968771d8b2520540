import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/shared/schemas/catalogue.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

/**
 * Stock per size in the back office: the admin edits the colour × size grid of the product form
 * (a cell's stock and barcode), the storefront shows the new stock and the category's size chart;
 * the bulk «Остатки» screen sets the stock of chosen rows. Each admin screen passes axe.
 */

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;
let product: Product;

async function expectNoAxeViolations(page: Parameters<typeof seriousAxeViolations>[0], where: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  const token = await t.signInAdmin();
  const post = async <T>(path: string, body: unknown) => (await t.rest<T>('POST', path, { token, body })).body;
  const sizeS = await post<{ id: number }>('/sizes', { name: 'S', url: 's' });
  const sizeM = await post<{ id: number }>('/sizes', { name: 'M', url: 'm' });
  const black = await post<{ id: number }>('/colors', { name: 'Чёрный', url: 'chernyy', code: '#000000' });
  const clothes = await post<{ id: number }>('/categories', { name: 'Одежда', url: 'odezhda' });
  await post('/size-charts', { categoryId: clothes.id, title: 'Размеры одежды', columns: ['Размер', 'Грудь, см'], rows: [['S', '86–89'], ['M', '90–97']] });
  product = await post<Product>('/products', {
    name: 'Футболка базовая',
    url: 'futbolka-bazovaya',
    categories: [clothes.id],
    sizes: [sizeS.id, sizeM.id],
    variants: [{ article: 'TS-1', colorId: black.id, price: 990, items: [{ sizeId: sizeS.id, stock: 1 }, { sizeId: sizeM.id, stock: 0 }] }],
  });
});
afterAll(() => close?.());

describe('admin: stock per size', () => {
  it('edits the size grid of the product form, and the storefront shows the new stock and the size chart', async () => {
    const shop = await browser.newPage();
    await shop.goto(`${t.baseUrl}/product/futbolka-bazovaya`);
    await shop.getByText('Осталось 1 шт.').waitFor();

    const page = await browser.newPage();
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/products/${product.id}`);
    const cell = page.getByLabel('Остаток: Чёрный (TS-1), размер M');
    await expect.poll(() => cell.inputValue()).toBe('0');
    await cell.fill('4');
    await page.getByRole('button', { name: 'Показать артикулы и штрихкоды: Чёрный (TS-1)' }).click();
    const barcode = page.getByLabel('Штрихкод EAN-13: Чёрный (TS-1), размер M');
    // A wrong check digit is refused by the shared schema, in the cell.
    await barcode.fill('4600000000009');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Штрихкод должен быть EAN-13').waitFor();
    await barcode.fill('4600000000008');
    await expectNoAxeViolations(page, 'product form with the stock grid');
    await screenshot(page, 'admin-stock-grid');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Товар обновлён').waitFor();

    const saved = (await t.rest<Product>('GET', `/products/${product.id}`)).body;
    expect(saved.variants[0]?.items.map((item) => [item.sizeName, item.stock, item.barcode])).toEqual([
      ['S', 1, null],
      ['M', 4, '4600000000008'],
    ]);
    await shop.reload();
    await shop.getByText('Осталось 5 шт.').waitFor();
    await shop.getByRole('button', { name: 'Таблица размеров' }).click();
    const dialog = shop.getByRole('dialog', { name: 'Размеры одежды' });
    await dialog.getByRole('cell', { name: '90–97' }).waitFor();
    await expectNoAxeViolations(shop, 'size chart dialog');
    await shop.close();
    await page.close();
  });

  it('filters the product list by low stock and sets the stock of chosen rows on the «Остатки» screen', async () => {
    const page = await browser.newPage();
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/products`);
    await page.getByLabel('Мало на складе (≤ 3 шт.)').click();
    await page.waitForURL(/low=true/);
    await page.getByRole('row', { name: /Футболка базовая/ }).waitFor();
    await expectNoAxeViolations(page, 'product list with filters');

    await page.goto(`${t.baseUrl}/admin/products/stock`);
    await page.getByRole('heading', { name: 'Остатки' }).waitFor();
    await page.getByLabel('Выбрать: Футболка базовая, Чёрный, размер S').click();
    await page.getByLabel('Количество, шт.').fill('7');
    await expectNoAxeViolations(page, 'stock screen');
    await page.getByRole('button', { name: 'Установить' }).click();
    await page.getByText('Остатки обновлены').waitFor();
    await page.getByRole('row', { name: /TS-1\/S/ }).getByText('7', { exact: true }).waitFor();
    const items = (await t.rest<Product>('GET', `/products/${product.id}`)).body.variants[0]?.items.map((item) => item.stock);
    expect(items).toEqual([7, 4]);
    await page.close();
  });
});
