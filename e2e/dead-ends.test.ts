import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import { domainMessages } from '../src/shared/errors.js';
import { lastLetter } from '../tests/support/accounts-support.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { signInToAdmin, startBrowserApp } from './support/browser.js';

/** No dead ends: an unknown admin path or a missing record shows the admin’s own “not found”, a used reset link says so when it opens. */
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
