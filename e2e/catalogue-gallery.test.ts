import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { startBrowserApp } from './support/browser.js';

/** The product gallery opens a picture full-screen, zooms into it and keeps pictures whole on a phone. */
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
