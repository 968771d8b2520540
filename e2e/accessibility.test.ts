import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { signInToAdmin, startBrowserApp } from './support/browser.js';

/**
 * WCAG 2.2 AA: axe-core finds no violation of impact serious or critical on the
 * storefront's pages and the main admin pages, on a desktop and on a phone. Pages that later
 * domains add are checked by their own browser tests with the same helper (e2e/support/axe.ts).
 */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  await seedDemoData(t.db, { production: false });
});
afterAll(() => close?.());

const storefront = ['/', '/catalog', '/catalog?categories=obuv&sort=price', '/product/nike-air-zoom-pegasus', '/profile', '/no-such-page'];
const admin = ['/admin/products', '/admin/products/1', '/admin/categories', '/admin/colors', '/admin/brands', '/admin/tags', '/admin/images', '/admin/settings/users'];

async function expectAccessible(page: Page, path: string): Promise<void> {
  await page.goto(`${t.baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
  // Blocks far below the fold load as they come near (ui/WhenVisible.tsx): scroll to the end so
  // axe checks them too.
  await page.mouse.wheel(0, 20_000);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.mouse.wheel(0, 20_000);
  await page.waitForLoadState('networkidle');
  const violations = await seriousAxeViolations(page);
  expect(violations, `${path}\n${describeViolations(violations)}`).toEqual([]);
}

describe.each([
  ['a desktop', { width: 1280, height: 800 }],
  ['a 360-pixel phone', { width: 360, height: 780 }],
])('on %s', (_name, viewport) => {
  it('the storefront pages have no serious or critical axe violation', async () => {
    const page = await browser.newPage({ viewport });
    for (const path of storefront) await expectAccessible(page, path);
    await page.close();
  });

  it('the admin login and the main admin pages have none either', async () => {
    const page = await browser.newPage({ viewport });
    await expectAccessible(page, '/admin/login');
    await signInToAdmin(page, t.baseUrl);
    for (const path of admin) await expectAccessible(page, path);
    await page.close();
  });
});
