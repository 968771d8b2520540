import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { signInToAdmin, startBrowserApp } from './support/browser.js';

/** The back office on a phone lists products without sideways scrolling, with actions at hand and statuses whole. */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  await seedDemoData(t.db, { production: false });
});

afterAll(() => close?.());

const phone = { width: 360, height: 780 };

function horizontalOverflow(): number {
  const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
  return root.scrollWidth - root.clientWidth;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

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
