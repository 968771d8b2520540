import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { product, shopper, type Shopper } from '../tests/support/reviews-support.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

/** The moderation queue, the inbox, the menu's counts, and admin forms that keep unsaved work (docs/moderation.md). */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;
let admin: string;
let anna: Shopper;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  admin = await t.signInAdmin();
  anna = await shopper(t, 'anna.e2e@shop.test', 'Анна', 'Петрова');
  expect((await t.rest('PUT', '/settings/shop', { token: admin, body: { moderation: 'pre' } })).status).toBe(200);
});
afterAll(() => close?.());

/** Uncaught errors and unhandled promise rejections of the page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Uncaught/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

const badge = (page: Page, key: string) => page.locator(`[data-count="${key}"]`);

describe('admin: moderation and the inbox', () => {
  it('approves a pending review, which then shows on the product, and the menu count drops', async () => {
    const productId = await product(t, 'e2e-moderated');
    const first = await t.rest<{ id: number }>('POST', '/reviews', { token: anna.token, body: { productId, rating: 4, text: 'Хорошая куртка, тёплая' } });
    const second = await t.rest<{ id: number }>('POST', '/questions', { token: anna.token, body: { productId, text: 'Есть ли размер 56?' } });
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/moderation`);
    await page.getByRole('heading', { name: 'Модерация' }).waitFor();
    await expect.poll(() => badge(page, 'moderation').textContent()).toBe('2');
    await page.getByRole('article', { name: `Отзыв ${first.body.id}` }).waitFor();
    expect(await seriousAxeViolations(page).then(describeViolations)).toBe('');
    await screenshot(page, 'admin-moderation');

    await page.getByRole('button', { name: `Одобрить: Отзыв ${first.body.id}` }).click();
    await page.getByText('Отзыв одобрен и опубликован').waitFor();
    await expect.poll(() => badge(page, 'moderation').textContent()).toBe('1');
    expect((await t.rest<{ rows: Array<{ id: number }> }>('GET', `/reviews?productId=${productId}`)).body.rows.map((row) => row.id)).toEqual([first.body.id]);

    await page.getByRole('button', { name: `Отклонить: Вопрос ${second.body.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Отклонить вопрос ${second.body.id}` });
    await dialog.getByLabel('Причина (её увидит автор)').fill('Уточните вопрос');
    await dialog.getByRole('button', { name: 'Отклонить' }).click();
    await page.getByText('Вопрос отклонён').waitFor();
    await badge(page, 'moderation').waitFor({ state: 'detached' });
    const own = await t.rest<{ rows: Array<{ moderationStatus: string; moderationReason: string }> }>('GET', `/questions?productId=${productId}`, { token: anna.token });
    expect(own.body.rows).toMatchObject([{ moderationStatus: 'rejected', moderationReason: 'Уточните вопрос' }]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes a callback request into work from the inbox', async () => {
    expect((await t.rest('POST', '/subscribes/call', { body: { name: 'Мария', phone: '+7 900 123-45-67', comment: 'После 18:00', consent: true } })).status).toBe(200);
    const page = await browser.newPage();
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/inbox`);
    await expect.poll(() => badge(page, 'inbox').textContent()).toBe('1');
    const card = page.getByRole('article', { name: /Обратный звонок/ });
    await card.getByText('После 18:00').waitFor();
    expect(await seriousAxeViolations(page).then(describeViolations)).toBe('');
    await card.getByLabel('Заметка').fill('Перезвонили, ждёт курьера');
    await card.getByLabel('Статус').first().click();
    await page.getByRole('option', { name: 'Готово' }).click();
    await card.getByRole('button', { name: /Сохранить/ }).click();
    await page.getByText('Обращение сохранено: Готово').waitFor();
    await badge(page, 'inbox').waitFor({ state: 'detached' });
    const listed = await t.rest<{ rows: Array<{ status: string; note: string }> }>('GET', '/inbox', { token: admin });
    expect(listed.body.rows).toMatchObject([{ status: 'done', note: 'Перезвонили, ждёт курьера' }]);
    await page.close();
  });
});

describe('admin forms keep unsaved work', () => {
  it('asks before leaving a changed form through the menu, and stays or leaves as answered', async () => {
    const page = await browser.newPage();
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/settings/shop`);
    await page.getByRole('heading', { name: 'Настройки магазина' }).waitFor();
    // Unchanged: leaving does not ask.
    await page.getByRole('link', { name: 'Отзывы' }).click();
    await page.waitForURL(/\/admin\/reviews$/);
    await page.goBack();
    await page.getByRole('radio', { name: /Постмодерация/ }).check();

    await page.getByRole('link', { name: 'Отзывы' }).click();
    const dialog = page.getByRole('dialog', { name: 'Несохранённые изменения' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Остаться' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/settings/shop');
    expect(await page.getByRole('radio', { name: /Постмодерация/ }).isChecked()).toBe(true);

    // The browser's Back asks too, and «Остаться» keeps the page and the change.
    await page.goBack();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Остаться' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/settings/shop');
    expect(await page.getByRole('radio', { name: /Постмодерация/ }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Отмена' }).click();
    await dialog.getByRole('button', { name: 'Уйти без сохранения' }).click();
    await page.waitForURL(/\/admin\/settings$/);
    expect((await t.rest<{ moderation: string }>('GET', '/settings')).body.moderation).toBe('pre');

    // Back, answered «Уйти без сохранения», goes back to where the admin came from.
    await page.getByRole('link', { name: /Магазин/ }).first().click();
    await page.waitForURL(/\/admin\/settings\/shop$/);
    await page.getByRole('radio', { name: /Постмодерация/ }).check();
    await page.goBack();
    await dialog.getByRole('button', { name: 'Уйти без сохранения' }).click();
    await page.waitForURL(/\/admin\/settings$/);
    await page.close();
  });

  it('saves without asking, and a refused save leaves no unhandled rejection', async () => {
    expect((await t.rest('POST', '/tags', { token: admin, body: { name: 'Осень', url: 'osen' } })).status).toBe(200);
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/tags/create-tag`);
    await page.getByLabel('Название').fill('Осень');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText(/уже существует/).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/tags/create-tag');
    await page.getByLabel('Название').fill('Зима');
    await page.getByLabel('Адрес (url)').fill('zima');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Тег создан').waitFor();
    await page.waitForURL(/\/admin\/tags$/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
