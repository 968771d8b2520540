import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/shared/schemas/catalogue.js';
import { waitForLetters } from '../tests/support/accounts-support.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

/**
 * «Сообщить о поступлении» in the real app: a guest's alert asked through the REST API is
 * confirmed on the letter's page, the admin's product page shows «Ждут: 1» for the size, and the
 * cancel page of the letter's link cancels every alert of the address.
 */

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;
let admin = '';
let product: Product;
let sizeId = 0;

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, ...(token ? { token } : {}) });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const linkPath = (text: string, route: string) => {
  const match = new RegExp(`/alerts/${route}/[A-Za-z0-9_-]+`).exec(text);
  if (!match) throw new Error(`No /alerts/${route}/ link in: ${text}`);
  return match[0];
};

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  admin = await t.signInAdmin();
  sizeId = (await post<{ id: number }>('/sizes', { name: '39', url: 'e2e-alert-39' }, admin)).id;
  product = await post<Product>(
    '/products',
    { name: 'Сапоги «Тундра»', url: 'sapogi-tundra', sizes: [sizeId], variants: [{ article: 'ST-1', price: 5000, items: [{ sizeId, stock: 0 }] }] },
    admin,
  );
});
afterAll(async () => {
  await close?.();
});

describe('stock alerts in the browser', () => {
  it('confirms a guest alert on the letter page, shows it to the admin and cancels it from the letter link', async () => {
    const variantId = product.variants[0]!.id;
    expect(await post('/stock-alerts', { variantId, sizeId, email: 'e2e@alerts.test', priceDrop: true, price: 5000 })).toEqual({ status: 'confirmation' });
    const [letter] = await waitForLetters(t.db, 'e2e@alerts.test');

    const page = await browser.newPage();
    await page.goto(`${t.baseUrl}${linkPath(letter!.text, 'confirm')}`);
    await page.getByText('Адрес подтверждён').waitFor();
    await page.getByText(/о поступлении и о снижении цены товара «Сапоги «Тундра» \(размер 39\)»/).waitFor();
    expect(await page.title()).toBe('Подтверждение оповещения — Магазин');
    await screenshot(page, 'stock-alert-confirmed');
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');

    const adminPage = await browser.newPage();
    await signInToAdmin(adminPage, t.baseUrl);
    await adminPage.goto(`${t.baseUrl}/admin/products/${product.id}`);
    await adminPage.getByRole('heading', { name: 'Ждут поступления' }).waitFor();
    await adminPage.getByText('Ждут: 1').waitFor();
    await adminPage.close();

    await page.goto(`${t.baseUrl}${linkPath(letter!.text, 'cancel')}`);
    await page.getByText('Адрес: e2e@alerts.test').waitFor();
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');
    await page.getByRole('button', { name: 'Отменить все оповещения на этот адрес' }).click();
    await page.getByText('Готово: все оповещения на этот адрес отменены.').waitFor();
    expect(await t.db.selectFrom('stockAlerts').select('id').where('email', '=', 'e2e@alerts.test').execute()).toEqual([]);
    await page.close();
  });

  it('a guest asks from the product page: the dialog takes the address and says to check the mail', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.baseUrl}/product/sapogi-tundra?size=e2e-alert-39`);
    await page.getByRole('button', { name: 'Сообщить о поступлении' }).click();
    const dialog = page.getByRole('dialog', { name: 'Сообщить о поступлении' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Сообщить мне' }).click();
    await dialog.getByText('Введите корректный e-mail').waitFor();
    await dialog.getByLabel('E-mail').fill('Button@Alerts.test');
    // Typing clears the error, and the dialog is accessible.
    await expect.poll(() => dialog.getByText('Введите корректный e-mail').count()).toBe(0);
    await dialog.getByLabel('Сообщить и о снижении цены').check();
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');
    await dialog.getByRole('button', { name: 'Сообщить мне' }).click();
    await dialog.getByText('Проверьте почту: мы отправили письмо на button@alerts.test.', { exact: false }).waitFor();
    await screenshot(page, 'stock-alert-dialog');
    const [letter] = await waitForLetters(t.db, 'button@alerts.test');
    expect(letter?.subject).toBe('Подтвердите оповещение о поступлении товара');
    const kinds = await t.db.selectFrom('stockAlerts').select('kind').where('email', '=', 'button@alerts.test').orderBy('id').execute();
    expect(kinds.map((row) => row.kind)).toEqual(['restock', 'price']);
    await page.close();
  });
});
