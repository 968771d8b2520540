import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, startBrowserApp } from './support/browser.js';

/**
 * Stock per size on the storefront: every size of the chosen colour is shown, a sold-out size is
 * struck through and cannot be chosen, the last few say «Осталось N», the stock line speaks about
 * the chosen size, another colour keeps the size when it has it in stock, the quick-buy modal
 * follows the same rules, and a basket line's «+» stops at the size's stock.
 */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

const phone = { width: 360, height: 780 };
const desktop = { width: 1280, height: 800 };
const productUrl = '/product/kedy-razmernye';

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  const api = t.trpc(await t.signInAdmin());
  const size: Record<string, number> = {};
  for (const name of ['40', '41', '42']) size[name] = (await api.catalogue.sizes.create.mutate({ name, url: name })).id;
  const black = await api.catalogue.colors.create.mutate({ name: 'Чёрный', url: 'chernyy', code: '#1f1f1f' });
  const white = await api.catalogue.colors.create.mutate({ name: 'Белый', url: 'belyy', code: '#f5f5f5' });
  const red = await api.catalogue.colors.create.mutate({ name: 'Красный', url: 'krasnyy', code: '#c92a2a' });
  const items = (stock40: number, stock41: number, stock42: number) => [
    { sizeId: size['40']!, stock: stock40 },
    { sizeId: size['41']!, stock: stock41 },
    { sizeId: size['42']!, stock: stock42 },
  ];
  await api.catalogue.products.create.mutate({
    name: 'Кеды «Размерные»',
    url: 'kedy-razmernye',
    sizes: [size['40']!, size['41']!, size['42']!],
    variants: [
      { article: 'KR-BLK', colorId: black.id, price: 4990, items: items(0, 2, 10) },
      { article: 'KR-WHT', colorId: white.id, price: 4990, items: items(3, 1, 0) },
      { article: 'KR-RED', colorId: red.id, price: 4990, items: items(0, 0, 0) },
    ],
  });
}, 120_000);

afterAll(() => close?.());

async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // The page itself is checked, not the toasts of the steps before.
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

function horizontalOverflow(): number {
  const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
  return root.scrollWidth - root.clientWidth;
}

const sizes = (scope: Page | ReturnType<Page['getByRole']>) => scope.getByRole('radiogroup', { name: 'Размер' });
const chooseSize = (scope: Page | ReturnType<Page['getByRole']>, name: string) => sizes(scope).getByText(name, { exact: true }).click();
const stockLine = (scope: Page | ReturnType<Page['getByRole']>) => scope.getByTestId('stock-line');

describe('sizes on the storefront', () => {
  it('a sold-out size is shown but cannot be chosen; the last few say how many are left; the stock line follows the size', async () => {
    const page = await browser.newPage({ viewport: desktop });
    await page.goto(`${t.baseUrl}${productUrl}`);
    await page.getByRole('heading', { name: 'Кеды «Размерные»' }).waitFor();

    // Black (the first colour in stock): 40 sold out, 41 nearly, 42 plenty.
    const soldOut = page.getByRole('radio', { name: '40, нет в наличии' });
    expect(await soldOut.isDisabled()).toBe(true);
    await sizes(page).getByText('40', { exact: true }).click({ force: true });
    expect(await soldOut.isChecked()).toBe(false);
    expect(page.url()).not.toMatch(/size=/);
    await page.getByText('Размера 40 нет в наличии').waitFor();
    await sizes(page).getByText('Осталось 2', { exact: true }).waitFor();
    expect(await page.getByRole('radio', { name: '41, осталось 2 шт.' }).isDisabled()).toBe(false);
    // Before a size is chosen the line speaks about the colour (12 in stock).
    await expect.poll(() => stockLine(page).textContent()).toBe('В наличии');

    // A colour is sold out only when all its sizes are.
    await page.getByRole('radio', { name: 'Красный (нет в наличии)' }).waitFor();
    await page.getByRole('radio', { name: 'Белый', exact: true }).waitFor();

    await chooseSize(page, '41');
    await page.waitForURL(/size=41/);
    await expect.poll(() => stockLine(page).textContent()).toBe('Размер 41: осталось 2 шт.');

    // White has 41 in stock: the size stays chosen.
    await page.getByRole('radio', { name: 'Белый', exact: true }).click();
    await page.getByText('Цвет: Белый').waitFor();
    await expect.poll(() => stockLine(page).textContent()).toBe('Размер 41: осталось 1 шт.');
    expect(page.url()).toMatch(/size=41/);
    expect(await page.getByRole('radio', { name: '42, нет в наличии' }).isDisabled()).toBe(true);
    await screenshot(page, 'product-sizes-desktop');
    await expectAccessible(page, `${productUrl} (white, size 41)`);

    // Black 42 is in stock, white 42 is not: switching to white lets go of the size.
    await page.getByRole('radio', { name: 'Чёрный', exact: true }).click();
    await chooseSize(page, '42');
    await expect.poll(() => stockLine(page).textContent()).toBe('Размер 42: в наличии');
    await page.getByRole('radio', { name: 'Белый', exact: true }).click();
    await page.getByText('Размер: выберите').waitFor();
    expect(page.url()).not.toMatch(/size=/);

    // A sold-out size in the link is not taken as chosen.
    await page.goto(`${t.baseUrl}${productUrl}?size=40`);
    await page.getByText('Размер: выберите').waitFor();

    // Red has nothing: it can be looked at, not bought.
    await page.getByRole('radio', { name: 'Красный (нет в наличии)' }).click();
    await expect.poll(() => stockLine(page).textContent()).toBe('Нет в наличии');
    expect(await page.getByRole('button', { name: 'В корзину', exact: true }).isDisabled()).toBe(true);

    // The size in stock goes into the basket.
    await page.getByRole('radio', { name: 'Чёрный', exact: true }).click();
    await chooseSize(page, '42');
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Корзина' });
    await panel.getByText(/размер 42/).waitFor();
    await page.close();
  });

  it('a basket line’s «+» stops at the stock of its size', async () => {
    const page = await browser.newPage({ viewport: desktop });
    await page.goto(`${t.baseUrl}${productUrl}?size=41`);
    await expect.poll(() => stockLine(page).textContent()).toBe('Размер 41: осталось 2 шт.');
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    await page.getByRole('dialog', { name: 'Корзина' }).getByText(/размер 41/).waitFor();
    await page.goto(`${t.baseUrl}/cart`);
    const line = page.getByTestId('basket-line').filter({ hasText: 'размер 41' });
    const plus = line.getByRole('button', { name: /^Увеличить количество/ });
    await plus.click();
    await expect.poll(() => line.getByTestId('line-quantity').textContent()).toBe('2');
    await expect.poll(() => plus.isDisabled()).toBe(true);
    await line.getByText('Больше нет в наличии').waitFor();
    await page.close();
  });

  it('on a 360-pixel phone the card’s quick-buy follows the same rules, and the pages fit with no axe violation', async () => {
    const page = await browser.newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await page.goto(`${t.baseUrl}/catalog`);
    await page.getByRole('button', { name: 'В корзину: Кеды «Размерные»' }).click();
    const modal = page.getByRole('dialog', { name: 'Кеды «Размерные»' });
    await modal.waitFor();
    expect(await modal.getByRole('radio', { name: '40, нет в наличии' }).isDisabled()).toBe(true);
    await modal.getByRole('radio', { name: 'Белый', exact: true }).click();
    await sizes(modal).getByText('Осталось 3', { exact: true }).waitFor();
    await chooseSize(modal, '40');
    await expect.poll(() => stockLine(modal).textContent()).toBe('Размер 40: осталось 3 шт.');
    expect(await page.evaluate(horizontalOverflow)).toBeLessThanOrEqual(0);
    await screenshot(page, 'catalogue-quick-buy-sizes-phone');
    await expectAccessible(page, 'the quick-buy modal on a phone');
    await modal.getByRole('button', { name: 'Добавить в корзину' }).click();
    await page.getByText('Товар добавлен в корзину').first().waitFor();

    await page.goto(`${t.baseUrl}${productUrl}`);
    await page.getByRole('heading', { name: 'Кеды «Размерные»' }).waitFor();
    await sizes(page).getByText('Осталось 2', { exact: true }).waitFor();
    expect(await page.evaluate(horizontalOverflow)).toBeLessThanOrEqual(0);
    await screenshot(page, 'product-sizes-phone');
    await expectAccessible(page, `${productUrl} on a phone`);
    await page.close();
  });
});
