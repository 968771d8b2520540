import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentMessage } from '../src/shared/schemas/consent.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

/** Legal pages (docs/legal.md): linked from the footer on a phone, edited by the Admin, and the consent the sign-up asks for. */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
}, 180_000);
afterAll(() => close?.());

const phone = { width: 360, height: 780 };
const desktop = { width: 1280, height: 900 };

async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${label}\n${describeViolations(violations)}`).toEqual([]);
}

describe('legal pages on a phone', () => {
  it('open from the footer links, each with its own heading and title', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${t.baseUrl}/`);
    const footer = page.locator('footer');
    for (const [name, path] of [
      ['Обмен и возврат', '/returns'],
      ['Доставка и оплата', '/delivery'],
      ['Политика конфиденциальности', '/privacy'],
      ['Публичная оферта', '/offer'],
    ] as const) {
      const link = footer.getByRole('link', { name });
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await page.waitForURL(new RegExp(`${path}$`));
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await expect.poll(() => page.title()).toBe(`${name} — Магазин`);
    }
    expect(await page.locator('[data-legal-body] h2').first().textContent()).toBe('1. Общие положения');
    // Nothing wider than the phone: no sideways scrolling.
    const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await screenshot(page, 'legal-offer-phone');
    await expectAccessible(page, '/offer');
    await page.close();
  });

  it('sign-up without the consent ticked shows why and creates nobody', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(t.baseUrl);
    await page.getByRole('button', { name: 'Войти' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('tab', { name: 'Регистрация' }).click();
    await panel.getByLabel('Имя').fill('Лидия');
    await panel.getByLabel('E-mail').fill('lidia.no.consent@shop.test');
    await panel.getByLabel('Пароль').fill('lidia-password-1');
    await panel.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await panel.getByText(consentMessage).waitFor();
    const checkbox = panel.getByRole('checkbox', { name: /обработку персональных данных/ });
    expect(await panel.getByRole('link', { name: 'политикой конфиденциальности' }).getAttribute('href')).toBe('/privacy');
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'lidia.no.consent@shop.test').execute()).toEqual([]);
    await checkbox.check();
    await panel.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Вы успешно авторизованы!').waitFor();
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'lidia.no.consent@shop.test').executeTakeFirstOrThrow();
    const consent = await t.db.selectFrom('consents').select(['kind', 'policyVersion']).where('subjectId', '=', user.id).where('kind', '=', 'signup').executeTakeFirstOrThrow();
    expect(consent).toEqual({ kind: 'signup', policyVersion: 1 });
    await page.close();
  });
});

describe('admin: «Правовые страницы»', () => {
  it('edits «Обмен и возврат» in the rich-text editor; the version goes up and the storefront shows the new text', async () => {
    const page = await browser.newPage({ viewport: desktop });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin`);
    await page.getByRole('link', { name: 'Правовые страницы' }).first().click();
    await page.waitForURL(/\/admin\/legal$/);
    await page.getByRole('link', { name: 'Обмен и возврат' }).click();
    await page.waitForURL(/\/admin\/legal\/returns$/);
    await page.getByText(/^Версия 1, изменена/).waitFor();
    await page.getByText('Текст страницы').first().waitFor();
    const editor = page.locator('[contenteditable="true"]');
    await expect.poll(() => editor.textContent()).toContain('14 дней');
    await expectAccessible(page, '/admin/legal/returns');
    await screenshot(page, 'legal-admin-editor');

    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type('Вернуть товар можно в течение 30 дней.');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Страница сохранена').waitFor();
    await page.waitForURL(/\/admin\/legal$/);
    const row = page.getByRole('row', { name: /Обмен и возврат/ });
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('2');
    await page.close();

    const shopper = await browser.newPage({ viewport: phone });
    await shopper.goto(`${t.baseUrl}/returns`);
    await shopper.getByText('Вернуть товар можно в течение 30 дней.').waitFor();
    expect(await shopper.locator('[data-legal-body]').textContent()).not.toContain('14 дней');
    await shopper.close();
  }, 120_000);
});
