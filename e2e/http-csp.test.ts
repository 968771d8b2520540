import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { launchBrowser, startBrowserApp } from './support/browser.js';

/** The Content-Security-Policy lets every page of the shop run and blocks injected scripts and framing. */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
});
afterAll(() => close?.());

describe('the Content-Security-Policy', () => {
  it('lets the storefront, the back office and the API docs run without a violation', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.baseUrl}/`);
    await page.getByRole('banner').waitFor();
    await page.goto(`${t.baseUrl}/admin/login`);
    await page.getByRole('heading', { name: 'Панель управления' }).waitFor();
    await page.goto(`${t.baseUrl}/api/docs`);
    await page.locator('.swagger-ui').getByText('Интернет-магазин: REST API').first().waitFor();
    await page.close();
  });

  it('blocks a script injected inline, and cannot be framed', async () => {
    const unwatched = await launchBrowser();
    try {
      const page = await unwatched.newPage();
      const messages: string[] = [];
      page.on('console', (message) => messages.push(message.text()));
      await page.goto(`${t.baseUrl}/`);
      await page.addScriptTag({ content: 'window.injected = true;' }).catch(() => undefined);
      expect(await page.evaluate(() => (globalThis as { injected?: boolean }).injected ?? false)).toBe(false);
      expect(messages.some((text) => /Content Security Policy/.test(text))).toBe(true);
      const response = await page.request.get(`${t.baseUrl}/admin/login`);
      expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await unwatched.close();
    }
  });
});
