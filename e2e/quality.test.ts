import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import { domainMessages } from '../src/shared/errors.js';
import { lastLetter } from '../tests/support/accounts-support.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { signInToAdmin, startBrowserApp } from './support/browser.js';

/** Issue 17, points 3–7, as a shopper and a shop manager meet them. */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  await seedDemoData(t.db, { production: false });
});
afterAll(() => close?.());

const phone = { width: 360, height: 780 };
const desktop = { width: 1280, height: 800 };

function horizontalOverflow(): number {
  const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
  return root.scrollWidth - root.clientWidth;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('no dead ends', () => {
  it('an unknown admin path and a missing record show the admin’s own “not found”, with no form', async () => {
    const page = await browser.newPage({ viewport: desktop });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/no-such-section`);
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
    // Inside the admin's layout: its navigation is still there.
    await page.getByRole('link', { name: 'Товары' }).first().waitFor();

    await page.goto(`${t.baseUrl}/admin/products/99999`);
    await page.getByRole('heading', { name: 'Запись не найдена' }).waitFor();
    expect(await page.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    await page.getByRole('link', { name: 'К списку' }).click();
    await page.waitForURL(/\/admin\/products$/);
    await page.close();
  });

  it('a used reset link says so when it opens, not on submit', async () => {
    const email = 'anna@shop.local';
    await t.rest('POST', '/auth/reset', { body: { email } });
    const letter = await lastLetter(t.db, email);
    const path = /\/reset\/[A-Za-z0-9_-]+/.exec(letter.text)?.[0] ?? '';
    const token = path.split('/').pop() ?? '';
    expect((await t.rest('PUT', '/auth/update-password', { body: { token, password: 'anna-new-password-1' } })).status).toBe(200);

    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${t.baseUrl}${path}`);
    await page.getByText(domainMessages.invalidLink).waitFor();
    expect(await page.getByLabel('Новый пароль').count()).toBe(0);
    await page.getByRole('button', { name: 'Запросить новую ссылку' }).waitFor();
    await expectNoAxeViolations(page);
    await page.close();
  });
});

describe('validation that protects the shop', () => {
  it('keeps a typed negative price as typed and refuses it, with the reason', async () => {
    const page = await browser.newPage({ viewport: desktop });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/products/1`);
    const price = page.getByRole('textbox', { name: /^Цена/ }).first();
    await expect.poll(() => price.inputValue()).not.toBe('');
    await price.fill('-5');
    await price.blur();
    expect(await price.inputValue()).toBe('-5');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Цена должна быть больше нуля').first().waitFor();
    expect(page.url()).toMatch(/\/admin\/products\/1$/);
    await page.close();
  });

  it('the sign-up form speaks Russian only and shows one success toast', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(t.baseUrl);
    await page.getByRole('button', { name: 'Войти' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('tab', { name: 'Регистрация' }).click();
    await panel.getByLabel('E-mail').fill('not-an-email');
    await panel.getByRole('button', { name: 'Зарегистрироваться' }).click();
    // Mantine's Russian messages, not the browser's validation bubble (the form is noValidate).
    await panel.getByText('Укажите имя').waitFor();
    await panel.getByText('Введите корректный e-mail').waitFor();
    expect(await panel.locator('form').getAttribute('novalidate')).not.toBeNull();

    await panel.getByLabel('Имя').fill('Вера');
    await panel.getByLabel('E-mail').fill('vera-quality@shop.test');
    await panel.getByLabel('Пароль').fill('vera-password-1');
    await panel.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Вы успешно авторизованы!').waitFor();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(1);
    await page.close();
  });
});

describe('the product gallery', () => {
  it('opens a picture full-screen, zooms into it, and keeps pictures whole on a phone', async () => {
    const page = await browser.newPage({ viewport: phone, hasTouch: true, isMobile: true });
    await page.goto(`${t.baseUrl}/product/nike-air-zoom-pegasus`);
    const open = page.getByRole('button', { name: /Открыть фото 1 из/ });
    await open.waitFor();
    // Pictures are shown whole (contain), never cropped.
    expect(await open.locator('img').evaluate((img) => (globalThis as unknown as { getComputedStyle: (element: unknown) => { objectFit: string } }).getComputedStyle(img).objectFit)).toBe('contain');
    await open.click();
    const viewer = page.getByRole('dialog');
    await viewer.waitFor();
    const picture = viewer.getByRole('button', { name: 'Увеличить' }).first();
    await picture.click();
    await viewer.getByRole('button', { name: 'Уменьшить' }).waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    expect(await page.evaluate(horizontalOverflow)).toBeLessThanOrEqual(0);
    await page.close();
  });
});

describe('the back office on a phone', () => {
  it('lists products without sideways scrolling, actions at hand, statuses whole', async () => {
    const page = await browser.newPage({ viewport: phone });
    await signInToAdmin(page, t.baseUrl);
    for (const path of ['/admin/products', '/admin/settings/users', '/admin/images', '/admin/categories']) {
      await page.goto(`${t.baseUrl}${path}`);
      await page.getByRole('button', { name: /^Удалить / }).filter({ visible: true }).first().waitFor();
      expect(await page.evaluate(horizontalOverflow), path).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    }
    await page.goto(`${t.baseUrl}/admin/products`);
    const badge = page.locator('.mantine-Badge-root', { hasText: /В наличии|Нет в наличии|Снят с продажи/ }).filter({ visible: true }).first();
    const clipped = await badge.locator('.mantine-Badge-label').evaluate((label: { scrollWidth: number; clientWidth: number }) => label.scrollWidth > label.clientWidth);
    expect(clipped).toBe(false);
    await page.close();
  });
});
