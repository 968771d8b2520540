import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLetter } from '../tests/support/accounts-support.js';
import type { TestApp } from '../tests/support/harness.js';
import { readStoredAccessToken, screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
});
afterAll(() => close?.());

/** Toasts sit over the header's top-right corner for 5 s; a shopper closes them, so does the test. */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  while ((await toasts.count()) > 0) {
    await toasts.first().getByRole('button', { name: 'Close toast' }).click({ force: true, timeout: 2000 }).catch(() => undefined);
  }
}

/** The path of the storefront link in a letter (its host is PUBLIC_URL, not this test's port). */
function linkPath(text: string, route: 'confirm' | 'reset'): string {
  const match = new RegExp(`/${route}/[A-Za-z0-9_-]+`).exec(text);
  if (!match) throw new Error(`No /${route}/ link in: ${text}`);
  return match[0];
}

async function signUpInPanel(page: Page, email: string): Promise<void> {
  await page.goto(t.baseUrl);
  await page.getByRole('button', { name: 'Войти' }).click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('tab', { name: 'Регистрация' }).click();
  await panel.getByLabel('Имя').fill('Екатерина');
  await panel.getByLabel('Фамилия').fill('Соколова');
  await panel.getByLabel('E-mail').fill(email);
  await panel.getByLabel('Пароль').fill('katya-password');
  await panel.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
  await screenshot(page, `accounts-signup-panel-${page.viewportSize()?.width ?? 0}px`);
  await panel.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.getByText('Вы успешно авторизованы!').first().waitFor();
  await page.getByText('Письмо со ссылкой для подтверждения отправлено на вашу почту').waitFor();
}

describe('storefront: accounts', () => {
  it('signs up in the auth panel, opens the confirmation link from the outbox and lands signed in', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await signUpInPanel(page, 'katya@shop.test');
    expect(await page.evaluate(readStoredAccessToken)).toEqual(expect.any(String));

    await dismissToasts(page);
    await page.getByRole('button', { name: 'Профиль' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByText('E-mail не подтверждён').waitFor();
    await screenshot(page, 'accounts-profile-unconfirmed-phone');

    // A fresh browser (no tokens): the link alone signs the shopper in.
    const fresh = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const letter = await lastLetter(t.db, 'katya@shop.test');
    await fresh.goto(`${t.baseUrl}${linkPath(letter.text, 'confirm')}`);
    await fresh.waitForURL(/\/profile$/);
    await fresh.getByText('Вы успешно авторизованы!').waitFor();
    await fresh.getByText('E-mail подтверждён', { exact: true }).waitFor();
    await fresh.getByText('Екатерина Соколова').waitFor();
    expect(await fresh.evaluate(readStoredAccessToken)).toEqual(expect.any(String));
    expect(await fresh.title()).toBe('Личный кабинет — Магазин');
    await screenshot(fresh, 'accounts-profile-phone');
    await fresh.close();
    await page.close();
  });

  it('resets a forgotten password from the panel and the link of the letter', async () => {
    await t.trpc().accounts.auth.signup.mutate({ firstName: 'Павел', email: 'pavel@shop.test', password: 'pavel-password', consent: true });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(t.baseUrl);
    await page.getByRole('button', { name: 'Войти' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('button', { name: 'Забыли пароль?' }).click();
    await panel.getByLabel('E-mail').fill('pavel@shop.test');
    await screenshot(page, 'accounts-reset-request-desktop');
    await panel.getByRole('button', { name: 'Отправить ссылку' }).click();
    await page.getByText('Если этот адрес зарегистрирован').waitFor();

    const letter = await lastLetter(t.db, 'pavel@shop.test', 2);
    await page.goto(`${t.baseUrl}${linkPath(letter.text, 'reset')}`);
    await page.getByLabel('Новый пароль').fill('pavel-new-password');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByText('Ваш пароль был сброшен!').waitFor();
    await page.waitForURL(/\/profile$/);

    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(`${t.baseUrl}/`);
    expect(await page.evaluate(readStoredAccessToken)).toBeNull();
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Войти' }).click();
    await panel.getByLabel('E-mail').fill('pavel@shop.test');
    await panel.getByLabel('Пароль').fill('pavel-new-password');
    await panel.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Вы успешно авторизованы!').waitFor();
    await page.getByRole('button', { name: 'Профиль' }).waitFor();
    await page.close();
  });
});

describe('admin: users', () => {
  it('filters users by role and verified flag, creates, edits and deletes a user', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/settings`);
    await page.getByRole('link', { name: /Пользователи/ }).first().click();
    await page.waitForURL(/\/admin\/settings\/users$/);

    await page.getByRole('link', { name: 'Новый пользователь' }).click();
    await page.waitForURL(/\/admin\/settings\/users\/create-user$/);
    await page.getByLabel('Имя').fill('Модест');
    await page.getByLabel('Фамилия').fill('Модераторов');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('moder@shop.test');
    await page.getByLabel('Пароль').fill('moder-password');
    await page.getByRole('combobox', { name: 'Роль' }).click();
    await page.getByRole('option', { name: 'Модератор' }).click();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Пользователь создан').waitFor();
    await page.waitForURL(/\/admin\/settings\/users$/);

    await page.getByRole('combobox', { name: 'Роль' }).click();
    await page.getByRole('option', { name: 'Модератор' }).click();
    await page.waitForURL(/role=SuperUser/);
    const row = page.getByRole('row', { name: /moder@shop\.test/ });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByText('Не подтверждён', { exact: true }).click();
    await page.waitForURL(/verified=false/);
    await row.waitFor();
    await screenshot(page, 'accounts-admin-users');

    await row.getByRole('link', { name: 'Модест Модераторов' }).click();
    await page.waitForURL(/\/admin\/settings\/users\/\d+$/);
    await page.getByLabel('E-mail подтверждён').check({ force: true });
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Данные пользователя обновлены').waitFor();
    const saved = await t.db.selectFrom('users').select(['role', 'isVerified']).where('email', '=', 'moder@shop.test').executeTakeFirstOrThrow();
    expect(saved).toEqual({ role: 'SuperUser', isVerified: true });

    await page.goto(`${t.baseUrl}/admin/settings/users?q=moder`);
    await page.getByRole('button', { name: 'Удалить moder@shop.test' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Пользователь удалён').waitFor();
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'moder@shop.test').executeTakeFirst()).toBeUndefined();
    await page.close();
  });
});
