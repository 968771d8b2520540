import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { adminCredentials, startTestApp, type TestApp } from '../../tests/support/harness.js';

export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the network-quiet flags this machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Runs in the page: what the browser keeps under the accessToken key of local storage. */
export function readStoredAccessToken(): string | null {
  return (globalThis as unknown as { localStorage: { getItem: (key: string) => string | null } }).localStorage.getItem('accessToken');
}

/** The built client; E2E_CLIENT_DIR lets parallel work build into a directory of its own. */
export const clientDir = path.resolve(process.env['E2E_CLIENT_DIR'] ?? 'dist/client');

export function assertClientBuilt(): void {
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) throw new Error('Run `npm run build` before the browser tests');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

export async function signInToAdmin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('E-mail').fill(adminCredentials.email);
  await page.getByLabel('Пароль').fill(adminCredentials.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByText('Вы успешно авторизованы!').waitFor();
}

export interface BrowserApp {
  t: TestApp;
  browser: Browser;
  /** Fails the file when any page broke the Content-Security-Policy. */
  close: () => Promise<void>;
}

/**
 * Every page the browser opens reports Content-Security-Policy violations here: the built app
 * must run under the shop's CSP without one.
 */
function watchContentSecurityPolicy(browser: Browser, violations: string[]): void {
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
    return page;
  };
}

/** The real app serving the built client on a free port, and a headless Chromium to drive it. */
export async function startBrowserApp(env: Record<string, string> = {}): Promise<BrowserApp> {
  assertClientBuilt();
  const t = await startTestApp(env, clientDir);
  const browser = await launchBrowser();
  const violations: string[] = [];
  watchContentSecurityPolicy(browser, violations);
  return {
    t,
    browser,
    async close() {
      await browser.close();
      await t.close();
      if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
    },
  };
}

/**
 * Brings a product page's reviews and questions into view, which loads them: they load as the
 * shopper scrolls towards them (docs/client.md, "Script budget").
 */
export async function showProductFeedback(page: Page): Promise<void> {
  // The placeholder (or, once loaded, the section's heading) carries the id; it may be replaced
  // while this runs, so the page scrolls to whichever is there.
  await page.locator('#reviews-title').waitFor({ state: 'attached' });
  await page.evaluate(() => (globalThis as unknown as { document: { getElementById(id: string): { scrollIntoView(options: object): void } | null } }).document.getElementById('reviews-title')?.scrollIntoView({ block: 'center' }));
  await page.getByRole('button', { name: 'Написать отзыв' }).waitFor();
}
