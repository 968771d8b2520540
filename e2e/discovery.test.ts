import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Product } from '../src/shared/schemas/catalogue.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, startBrowserApp } from './support/browser.js';

/**
 * The product page's discovery rows (docs/catalogue.md, "Discovery") on a 360-px phone and a
 * desktop: nothing asked for until the shopper scrolls near them; «Вы смотрели» from this device,
 * «Похожие товары» from the same category, «С этим покупают» from orders; axe on each.
 */

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;
let adminToken: string;
const product: Record<string, Product> = {};

const viewports = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

// A long description keeps the rows well below the fold on both screens.
const desc = Array.from({ length: 30 }, (_, n) => `Строка описания номер ${n + 1}: удобная колодка, дышащий верх.`).join('\n');

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  adminToken = await t.signInAdmin();
  const shoes = await post<Category>('/categories', { name: 'Обувь', url: 'obuv' });
  const sneakers = await post<Category>('/categories', { name: 'Кроссовки', url: 'krossovki', parentId: shoes.id });
  const jackets = await post<Category>('/categories', { name: 'Куртки', url: 'kurtki' });
  const add = async (key: string, name: string, category: Category, price: number) => {
    product[key] = await post<Product>('/products', { name, url: `tovar-${key}`, desc, categories: [category.id], variants: [{ article: `ART-${key}`, price, stock: 50 }] });
  };
  await add('a', 'Кроссовки «Альфа»', sneakers, 5000);
  await add('b', 'Кроссовки «Бета»', sneakers, 5400);
  await add('c', 'Куртка «Гамма»', jackets, 9000);
}, 180_000);
afterAll(() => close?.());

/** The discovery requests this page made (tRPC batches name their procedures in the path). */
function watchDiscoveryRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/catalogue\.discovery\.|\/similar|\/bought-together|\/by-urls/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

async function openProduct(page: Page, key: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: product[key]!.name }).waitFor();
  await page.waitForLoadState('networkidle');
}

const row = (page: Page, title: string) => page.getByRole('region', { name: title });

async function scrollToRows(page: Page): Promise<void> {
  await page.mouse.wheel(0, 20_000);
}

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${label}\n${describeViolations(violations)}`).toEqual([]);
}

describe('product discovery', () => {
  for (const viewport of viewports) {
    it(`${viewport.name}: loads the rows only when scrolled near; similar products, then «Вы смотрели» on the next product`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const requests = watchDiscoveryRequests(page);
      await page.goto(`${t.baseUrl}/product/tovar-a`);
      await openProduct(page, 'a');
      await page.waitForTimeout(500);
      expect(requests).toEqual([]);
      expect(await page.locator('[data-discovery]').count()).toBe(0);

      await scrollToRows(page);
      const similar = row(page, 'Похожие товары');
      await similar.getByRole('link', { name: product['b']!.name }).waitFor();
      expect(requests.length).toBeGreaterThan(0);
      // Another category, and nothing viewed before on this device, and no orders yet.
      expect(await similar.getByRole('link', { name: product['c']!.name }).count()).toBe(0);
      expect(await row(page, 'Вы смотрели').count()).toBe(0);
      expect(await row(page, 'С этим покупают').count()).toBe(0);
      await expectNoAxeViolations(page, `${viewport.name} /product/tovar-a`);

      await similar.getByRole('link', { name: product['b']!.name }).click();
      await page.waitForURL(/\/product\/tovar-b$/);
      await openProduct(page, 'b');
      await scrollToRows(page);
      const viewed = row(page, 'Вы смотрели');
      await viewed.getByRole('link', { name: product['a']!.name }).waitFor();
      expect(await viewed.getByRole('link').filter({ hasText: product['b']!.name }).count()).toBe(0);
      await row(page, 'Похожие товары').getByRole('link', { name: product['a']!.name }).waitFor();
      await expectNoAxeViolations(page, `${viewport.name} /product/tovar-b`);
      await screenshot(page, `discovery-${viewport.name}`);
      await context.close();
    });
  }

  it('shows a product bought with this one under «С этим покупают» after an order of both, on a phone and a desktop', async () => {
    await t.trpc(adminToken).orders.checkouts.createByStaff.mutate({
      firstName: 'Ольга',
      lastName: 'Покупатель',
      phone: '+7 900 123-45-67',
      email: 'together@guest.test',
      address: { address: 'ул. Ленина, д. 1, кв. 2', city: 'Москва', country: 'Россия', zipCode: '101000' },
      items: [
        { variantId: product['a']!.variants[0]!.id, quantity: 1 },
        { variantId: product['c']!.variants[0]!.id, quantity: 1 },
      ],
    });
    for (const viewport of viewports) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${t.baseUrl}/product/tovar-a`);
      await openProduct(page, 'a');
      await scrollToRows(page);
      const together = row(page, 'С этим покупают');
      await together.getByRole('link', { name: product['c']!.name }).waitFor();
      expect(await together.getByRole('link', { name: product['b']!.name }).count()).toBe(0);
      await expectNoAxeViolations(page, `${viewport.name} /product/tovar-a with an order`);
      await context.close();
    }
  });
});
