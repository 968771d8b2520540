import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/shared/schemas/catalogue.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

/**
 * «Купить в 1 клик» in one step on a 360-px phone: a guest leaves a name and a phone, consents,
 * orders, sees the success text and opens the order's status page by its link; the admin sees the
 * order waiting for a call and confirms it.
 */

const phone = { width: 360, height: 780 };

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;
let admin = '';
let product: Product;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  admin = await t.signInAdmin();
  const created = await t.rest<Product>('POST', '/products', {
    token: admin,
    body: { name: 'Термос «Байкал»', url: 'termos-bajkal', variants: [{ article: 'TB-1', price: 1900, stock: 4 }] },
  });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  product = created.body;
});
afterAll(async () => {
  await close?.();
});

describe('one-click order on a phone', () => {
  it('a guest orders with a name and a phone, then opens the status page by its link', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${t.baseUrl}/product/${product.url}`);
    await page.getByRole('button', { name: 'Купить в 1 клик' }).click();
    const dialog = page.getByRole('dialog', { name: 'Купить в 1 клик' });
    await dialog.waitFor();
    await dialog.getByText('Термос «Байкал»').waitFor();
    // Nine fields no more: a name, a phone and the consent.
    expect(await dialog.getByRole('textbox').count()).toBe(2);

    await dialog.getByLabel('Имя').fill('Ольга');
    await dialog.getByLabel('Телефон').fill('+7 900 765-43-21');
    await dialog.getByRole('button', { name: 'Заказать' }).click();
    await dialog.getByText('Подтвердите согласие на обработку персональных данных').waitFor();
    expect(await dialog.getByRole('link', { name: 'политикой конфиденциальности' }).getAttribute('href')).toBe('/privacy');
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');

    await dialog.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await dialog.getByRole('button', { name: 'Заказать' }).click();
    await dialog.getByText(/Заказ № \d+ принят\. Мы перезвоним вам в ближайшее время для подтверждения/).waitFor();
    await screenshot(page, 'one-click-success-360px');
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');

    const order = await t.db.selectFrom('checkouts').select(['id', 'firstName', 'phone', 'oneClick', 'callbackPending']).where('phone', '=', '+79007654321').executeTakeFirstOrThrow();
    expect(order).toMatchObject({ firstName: 'Ольга', oneClick: true, callbackPending: true });
    const stock = await t.db.selectFrom('productVariants').select('stock').where('id', '=', product.variants[0]!.id).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(3);

    await dialog.getByRole('link', { name: `страница заказа № ${order.id}` }).click();
    await page.getByRole('heading', { name: `Заказ № ${order.id}` }).waitFor();
    expect(page.url()).toMatch(/\/order\/[A-Za-z0-9_-]{43}$/);
    await page.getByText('Мы перезвоним вам в ближайшее время').waitFor();
    await page.getByText('Термос «Байкал»').waitFor();
    await page.getByText('Адрес уточним по телефону.').waitFor();
    expect(await page.title()).toBe(`Заказ № ${order.id} — Магазин`);
    await screenshot(page, 'order-status-360px');
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');

    // The link itself, opened afresh (as from a letter), answers 200 and shows the order.
    const statusUrl = page.url();
    const fresh = await browser.newPage({ viewport: phone });
    const response = await fresh.goto(statusUrl);
    expect(response?.status()).toBe(200);
    await fresh.getByRole('heading', { name: `Заказ № ${order.id}` }).waitFor();
    await fresh.goto(`${t.baseUrl}/order/${'x'.repeat(43)}`);
    await fresh.getByText('Такой страницы нет.', { exact: false }).waitFor();
    await fresh.close();

    // The admin sees it waiting for a call and confirms it.
    const adminPage = await browser.newPage({ viewport: phone });
    await signInToAdmin(adminPage, t.baseUrl);
    await adminPage.goto(`${t.baseUrl}/admin/checkouts?callback=1`);
    await adminPage.getByText('Перезвонить').first().waitFor();
    await adminPage.goto(`${t.baseUrl}/admin/checkouts/${order.id}`);
    await adminPage.getByRole('button', { name: 'Подтверждён по телефону' }).click();
    await expect.poll(() => adminPage.getByText('Перезвонить', { exact: true }).count()).toBe(0);
    expect(describeViolations(await seriousAxeViolations(adminPage))).toBe('');
    const confirmed = await t.db.selectFrom('checkouts').select('callbackPending').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(confirmed.callbackPending).toBe(false);
    await adminPage.close();
    await page.close();
  });
});
