import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { readStoredAccessToken, screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
});
afterAll(() => close?.());

describe('admin: tags', () => {
  it('sends a visitor who is not signed in to the login page', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.baseUrl}/admin/tags`);
    await page.waitForURL(/\/admin\/login/);
    await page.getByRole('heading', { name: 'Панель управления' }).waitFor();
    expect(await page.title()).toBe('Вход в панель управления — Магазин');
    await page.close();
  });

  it('signs in, creates a tag, sees it listed, and deletes it', async () => {
    const page = await browser.newPage();
    await signInToAdmin(page, t.baseUrl);

    await page.goto(`${t.baseUrl}/admin/tags`);
    await page.getByRole('link', { name: 'Новый тег' }).click();
    await page.waitForURL(/\/admin\/tags\/create-tag$/);
    await page.getByLabel('Название').fill('Распродажа');
    // A new record's url fills itself from the name.
    await expect.poll(() => page.getByLabel('Адрес (url)').inputValue()).toBe('rasprodazha');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Тег создан').waitFor();
    await page.waitForURL(/\/admin\/tags$/);

    const row = page.getByRole('row', { name: /Распродажа/ });
    await row.waitFor();
    await screenshot(page, 'admin-tags');
    await row.getByRole('button', { name: 'Удалить Распродажа' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Тег удалён').waitFor();
    await row.waitFor({ state: 'detached' });
    const remaining = await t.rest<{ rows: Array<{ name: string }> }>('GET', '/tags?name=Распродажа');
    expect(remaining.body.rows).toEqual([]);
    await page.close();
  });

  it('does not let a stale form erase another admin’s edit: it offers to load the current record', async () => {
    const adminToken = await t.signInAdmin();
    const tag = await t.rest<{ id: number; version: number }>('POST', '/tags', { token: adminToken, body: { name: 'Осень', url: 'osen' } });
    const page = await browser.newPage();
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/tags/${tag.body.id}`);
    await expect.poll(() => page.getByLabel('Название').inputValue()).toBe('Осень');
    // Another admin renames it meanwhile.
    expect((await t.rest('PUT', `/tags/${tag.body.id}`, { token: adminToken, body: { name: 'Осень-зима', url: 'osen-zima', version: tag.body.version } })).status).toBe(200);

    await page.getByLabel('Название').fill('Осенние скидки');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Запись изменена другим пользователем' });
    await alert.waitFor();
    expect(await page.getByRole('button', { name: 'Сохранить' }).isDisabled()).toBe(true);
    expect((await t.rest<{ name: string }>('GET', `/tags/${tag.body.id}`)).body.name).toBe('Осень-зима');

    await alert.getByRole('button', { name: 'Загрузить актуальные данные' }).click();
    await expect.poll(() => page.getByLabel('Название').inputValue()).toBe('Осень-зима');
    await page.getByLabel('Название').fill('Осенние скидки');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Тег обновлён').waitFor();
    expect((await t.rest<{ name: string }>('GET', `/tags/${tag.body.id}`)).body.name).toBe('Осенние скидки');
    await page.close();
  });

  it('refuses a signed-in shopper at the admin login with 403', async () => {
    const { hashPassword } = await import('../src/server/services/accounts/passwords.js');
    await t.db
      .insertInto('users')
      .values({ email: 'shopper@shop.test', firstName: 'Олег', lastName: 'Смирнов', isVerified: true, passwordHash: await hashPassword('shopper-pass') })
      .execute();
    const page = await browser.newPage();
    await page.goto(`${t.baseUrl}/admin/login`);
    await page.getByLabel('E-mail').fill('shopper@shop.test');
    await page.getByLabel('Пароль').fill('shopper-pass');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Вход в панель управления разрешён только администраторам.').waitFor();
    expect(await page.evaluate(readStoredAccessToken)).toBeNull();
    await page.close();
  });
});
