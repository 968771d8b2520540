import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { signInToAdmin, startBrowserApp } from './support/browser.js';

/** The audit log screen: an Admin's changes listed newest first, filtered by section, without axe violations. */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
});
afterAll(() => close?.());

describe('the audit log screen', () => {
  it('lists the changes an Admin made and filters them by section', async () => {
    const admin = await t.signInAdmin();
    expect((await t.rest('POST', '/tags', { token: admin, body: { name: 'Журнальный тег', url: 'zhurnal' } })).status).toBe(200);
    expect((await t.rest('PUT', '/settings/shop', { token: admin, body: { moderation: 'pre' } })).status).toBe(200);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/settings/audit`);
    await page.getByRole('heading', { name: 'Журнал действий' }).waitFor();
    const entries = page.getByTestId('audit-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(2);
    await expect(entries.first().textContent()).resolves.toContain('PUT /settings/shop');
    await expect(entries.nth(1).textContent()).resolves.toContain('Журнальный тег');

    await page.getByLabel('Раздел', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Каталог' }).click();
    await page.waitForFunction(() => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('[data-testid="audit-entry"]').length === 1);
    await expect(entries.first().textContent()).resolves.toContain('POST /tags');

    const violations = await seriousAxeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.close();
  });
});
