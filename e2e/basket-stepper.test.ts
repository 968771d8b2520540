import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, startBrowserApp } from './support/browser.js';

/**
 * The basket's state on the buy button (docs/orders.md, «Basket state on the button»): after an
 * add, «В корзину» on a card and on the product page becomes «− N +»; «+» follows the header's
 * count and stops at the stock with «Больше нет в наличии»; «−» down to nothing brings the button
 * back. On a 360-px phone an add shows a short confirmation with a link to the basket instead of
 * the drawer, and the product page has a buy bar at the bottom once its button scrolls away.
 * A product with several lines in the basket shows «В корзине (N)» on its card. axe on each state.
 */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

const mug = { name: 'Кружка эмалированная', url: 'kruzhka-emalirovannaya' };
const shoes = { name: 'Кеды «Пара»', url: 'kedy-para' };

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  const api = t.trpc(await t.signInAdmin());
  const sizes = [];
  for (const name of ['41', '42']) sizes.push(await api.catalogue.sizes.create.mutate({ name, url: name }));
  await api.catalogue.products.create.mutate({
    ...mug,
    // A long description: the phone's product page scrolls well past its buy button.
    desc: 'Эмалированная кружка для походов и дачи. '.repeat(80),
    variants: [{ article: 'KR-ENAMEL', price: 690, stock: 3 }],
  });
  await api.catalogue.products.create.mutate({
    ...shoes,
    desc: 'Лёгкие кеды на каждый день. '.repeat(80),
    sizes: sizes.map((size) => size.id),
    variants: [{ article: 'KD-PARA', price: 3990, items: sizes.map((size) => ({ sizeId: size.id, stock: 5 })) }],
  });
}, 120_000);

afterAll(() => close?.());

async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

const basketCount = (page: Page) => page.getByTestId('basket-count').locator('.mantine-Indicator-indicator').textContent();
const quantity = (scope: Page | ReturnType<Page['getByRole']>) => scope.getByTestId('stepper-quantity').textContent();

describe.each([
  ['a 360-px phone', { width: 360, height: 780 }, true],
  ['a desktop', { width: 1280, height: 800 }, false],
])('on %s', (label, viewport, phone) => {
  const open = (url: string) => (page: Page) => page.goto(`${t.baseUrl}${url}`);

  it('a card’s «В корзину» becomes «− N +»: «+» up to the stock, «−» down to the button again', async () => {
    const page = await browser.newPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
    await open('/catalog')(page);
    await page.getByRole('button', { name: `В корзину: ${mug.name}` }).click();
    const stepper = page.getByRole('group', { name: `В корзине: ${mug.name}` });
    await expect.poll(() => quantity(stepper)).toBe('1');
    await expect.poll(() => basketCount(page)).toBe('1');
    if (phone) {
      // No drawer on a phone: a short confirmation with the way to the basket.
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Товар в корзине' });
      await toast.getByRole('link', { name: 'Перейти в корзину' }).waitFor();
    } else {
      await page.getByText('Товар добавлен в корзину').first().waitFor();
    }
    expect(await page.getByRole('dialog', { name: 'Корзина' }).count()).toBe(0);
    await expectAccessible(page, `card stepper at 1, ${label}`);

    const plus = page.getByRole('button', { name: `Увеличить количество: ${mug.name}` });
    await plus.click();
    await expect.poll(() => quantity(stepper)).toBe('2');
    await expect.poll(() => basketCount(page)).toBe('2');
    await page.getByRole('button', { name: /^Корзина, 2 товара$/ }).waitFor();

    // Three in stock: the third is the last.
    await plus.click();
    await expect.poll(() => quantity(stepper)).toBe('3');
    await expect.poll(() => plus.isDisabled()).toBe(true);
    const limit = page.getByText('Больше нет в наличии');
    await limit.waitFor();
    expect(await limit.isVisible()).toBe(true);
    await screenshot(page, `basket-stepper-card-limit-${viewport.width}px`);
    await expectAccessible(page, `card stepper at the stock limit, ${label}`);

    const minus = page.getByRole('button', { name: `Уменьшить количество: ${mug.name}` });
    for (const left of ['2', '1']) {
      await minus.click();
      await expect.poll(() => quantity(stepper)).toBe(left);
    }
    await minus.click();
    await page.getByRole('button', { name: `В корзину: ${mug.name}` }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Корзина', exact: true }).count()).toBe(1);
    await expectAccessible(page, `card button back, ${label}`);

    if (phone) {
      // The confirmation's link opens the basket.
      await page.getByRole('button', { name: `В корзину: ${mug.name}` }).click();
      await page.locator('[data-sonner-toast]').getByRole('link', { name: 'Перейти в корзину' }).click();
      await page.waitForURL(/\/cart$/);
      await page.getByTestId('basket-line').filter({ hasText: mug.name }).waitFor();
    }
    await page.close();
  });

  it('on the product page the button becomes the stepper; the drawer opens on a desktop only', async () => {
    const page = await browser.newPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
    await open(`/product/${mug.url}`)(page);
    await page.getByRole('heading', { name: mug.name }).waitFor();
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    const stepper = page.getByRole('group', { name: `В корзине: ${mug.name}` });
    await expect.poll(() => quantity(stepper.first())).toBe('1');
    if (phone) {
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Товар в корзине' }).getByRole('link', { name: 'Перейти в корзину' }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Корзина' }).count()).toBe(0);
    } else {
      const drawer = page.getByRole('dialog', { name: 'Корзина' });
      await drawer.getByText(mug.name).waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
    }
    await page.getByRole('button', { name: `Увеличить количество: ${mug.name}` }).first().click();
    await expect.poll(() => quantity(stepper.first())).toBe('2');
    await expect.poll(() => basketCount(page)).toBe('2');
    await page.getByRole('link', { name: 'В корзине' }).first().waitFor();
    await expectAccessible(page, `product page stepper, ${label}`);
    await page.getByRole('button', { name: `Уменьшить количество: ${mug.name}` }).first().click();
    await page.getByRole('button', { name: `Уменьшить количество: ${mug.name}` }).first().click();
    await page.getByRole('button', { name: 'В корзину', exact: true }).waitFor();
    await page.close();
  });

  it(phone ? 'a buy bar appears at the bottom once the button scrolls away, adds to the basket and covers nothing' : 'no buy bar on a desktop', async () => {
    const page = await browser.newPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
    await open(`/product/${mug.url}`)(page);
    await page.getByRole('heading', { name: mug.name }).waitFor();
    const bar = page.getByRole('region', { name: 'Покупка' });
    expect(await bar.count()).toBe(0);
    await page.evaluate(() => {
      const root = globalThis as unknown as { scrollTo: (x: number, y: number) => void; document: { body: { scrollHeight: number } } };
      root.scrollTo(0, root.document.body.scrollHeight);
    });
    if (!phone) {
      await page.waitForTimeout(500);
      expect(await bar.count()).toBe(0);
      await page.close();
      return;
    }
    await bar.waitFor();
    await bar.getByText(/690/).waitFor();
    // The page keeps room for the bar: the footer's last line is above it.
    const padding = await page.evaluate(() => (globalThis as unknown as { document: { body: { style: { paddingBottom: string } } } }).document.body.style.paddingBottom);
    const barBox = await bar.boundingBox();
    expect(Number.parseFloat(padding)).toBeGreaterThanOrEqual(Math.floor(barBox?.height ?? 0));
    await screenshot(page, 'basket-stepper-sticky-bar-360px');
    await expectAccessible(page, 'sticky buy bar');

    await bar.getByRole('button', { name: 'В корзину', exact: true }).click();
    await expect.poll(() => basketCount(page)).toBe('1');
    await expect.poll(() => quantity(bar)).toBe('1');
    await bar.getByRole('button', { name: `Увеличить количество: ${mug.name}` }).click();
    await expect.poll(() => quantity(bar)).toBe('2');
    await expect.poll(() => basketCount(page)).toBe('2');
    expect(await page.getByRole('dialog', { name: 'Корзина' }).count()).toBe(0);
    await expectAccessible(page, 'sticky buy bar with the stepper');

    // Back up at the page's own button, the bar goes.
    await page.evaluate(() => (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0));
    await page.getByRole('heading', { name: mug.name }).scrollIntoViewIfNeeded();
    await page.getByRole('group', { name: `В корзине: ${mug.name}` }).first().scrollIntoViewIfNeeded();
    await bar.waitFor({ state: 'detached' });

    // A product with sizes: the bar's «В корзину» without one goes back to the sizes and asks.
    await open(`/product/${shoes.url}`)(page);
    await page.getByRole('heading', { name: shoes.name }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const root = globalThis as unknown as { scrollTo: (x: number, y: number) => void; document: { body: { scrollHeight: number } } };
      root.scrollTo(0, root.document.body.scrollHeight);
    });
    await screenshot(page, 'basket-stepper-sticky-bar-sizes-360px');
    await bar.getByRole('button', { name: 'В корзину', exact: true }).click();
    const prompt = page.getByRole('alert').filter({ hasText: 'Выберите размер' });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await bar.waitFor({ state: 'detached' });
    await page.close();
  });

  it('a product with two lines in the basket says «В корзине (N)» on its card, linking to the basket', async () => {
    const page = await browser.newPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
    await open('/catalog')(page);
    await page.getByRole('button', { name: `В корзину: ${shoes.name}` }).click();
    const modal = page.getByRole('dialog', { name: shoes.name });
    await modal.getByRole('radiogroup', { name: 'Размер' }).getByText('41', { exact: true }).click();
    await modal.getByRole('button', { name: 'Добавить в корзину' }).click();
    await modal.waitFor({ state: 'detached' });
    // One line of the product: its stepper.
    await expect.poll(() => quantity(page.getByRole('group', { name: `В корзине: ${shoes.name}` }))).toBe('1');

    // Another size, from the product page: two lines.
    await open(`/product/${shoes.url}?size=42`)(page);
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    await expect.poll(() => basketCount(page)).toBe('2');
    await open('/catalog')(page);
    const link = page.getByRole('link', { name: 'В корзине (2)' });
    await link.waitFor();
    await expectAccessible(page, `two lines of a product, ${label}`);
    await link.click();
    await page.waitForURL(/\/cart$/);
    await page.close();
  });
});
