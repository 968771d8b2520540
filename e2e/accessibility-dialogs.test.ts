import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { showProductFeedback, startBrowserApp } from './support/browser.js';

/**
 * Every drawer and dialog a shopper opens is named in Russian and has no serious or critical axe
 * violation, on a desktop and on a 360-px phone; carousels and the toast region speak Russian too.
 */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  await seedDemoData(t.db, { production: false });
});
afterAll(() => close?.());

const product = '/product/nike-air-zoom-pegasus';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${t.baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
}

/** Opens a dialog by clicking `trigger`, checks it with axe and that its close button has a Russian name, then closes it. */
async function checkDialog(page: Page, what: string, trigger: () => Promise<void>): Promise<void> {
  await trigger();
  const dialog = page.locator('[role="dialog"]:visible').last();
  await dialog.waitFor({ state: 'visible' });
  await page.waitForTimeout(350); // the opening transition: axe must see the final colours
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
  const closeButtons = await dialog.locator('button.mantine-Modal-close, button.mantine-Drawer-close').all();
  expect(closeButtons.length, what).toBeGreaterThan(0);
  for (const button of closeButtons) expect(await button.getAttribute('aria-label'), what).toMatch(/^Закрыть/);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

describe.each([
  ['a desktop', { width: 1280, height: 800 }],
  ['a 360-pixel phone', { width: 360, height: 780 }],
])('on %s', (_name, viewport) => {
  it('the sign-in, one-click, basket, review, callback and filter dialogs pass axe and close by a named button', async () => {
    const page = await browser.newPage({ viewport });
    await open(page, product);
    await checkDialog(page, 'sign-in drawer', () => page.getByRole('button', { name: 'Войти' }).first().click());
    // A sized product: a size first, then the one-click dialog opens.
    await page.getByRole('radiogroup', { name: 'Размер' }).getByRole('radio', { disabled: false }).first().dispatchEvent('click');
    await checkDialog(page, 'one-click dialog', () => page.getByRole('button', { name: 'Купить в 1 клик' }).click());
    await checkDialog(page, 'basket drawer', async () => {
      await page.getByRole('button', { name: 'В корзину' }).click();
      // On a phone an add does not open the drawer: the header's basket button does.
      if (viewport.width < 768) await page.getByRole('button', { name: /^Корзина, 1 товар$/ }).click();
    });
    await showProductFeedback(page);
    await checkDialog(page, 'review (asks to sign in first)', () => page.getByRole('button', { name: 'Написать отзыв' }).click());
    await checkDialog(page, 'callback form', () => page.getByRole('button', { name: 'Заказать обратный звонок' }).first().click());
    if (viewport.width < 768) {
      await open(page, '/catalog');
      await checkDialog(page, 'filter drawer', () => page.getByRole('button', { name: /^Фильтры/ }).click());
    }
    await page.close();
  });

  it('carousels announce their slides in Russian', async () => {
    const page = await browser.newPage({ viewport });
    await open(page, '/');
    // The product carousels load as they come near: scroll them in.
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState('networkidle');
    // Under load the network can fall quiet before the banner's data arrives: wait for a carousel itself.
    const carousels = page.locator('[aria-roledescription="карусель"]');
    await carousels.first().waitFor();
    expect(await carousels.count()).toBeGreaterThan(0);
    expect(await page.locator('[aria-roledescription="carousel"]').count()).toBe(0);
    // What a screen reader hears: only statuses in the accessibility tree (display: none is not).
    const statuses = await page.getByRole('status').allTextContents();
    expect(statuses.filter((text) => /slide/i.test(text))).toEqual([]);
    expect(statuses.some((text) => /^Слайд \d+ из \d+$/.test(text))).toBe(true);
    await page.close();
  });
});

describe('toasts', () => {
  it('live in a region named in Russian, each with a named close button', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, product);
    // A subscription without an address is refused with a toast-free form error; a sign-in with a wrong password toasts.
    await page.getByRole('button', { name: 'Войти' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill('nobody@shop.test');
    await dialog.getByLabel('Пароль').fill('wrong-password-1');
    await dialog.getByRole('button', { name: 'Войти' }).click();
    const region = page.locator('section[aria-label="Уведомления (Alt+T)"]');
    await region.waitFor({ state: 'attached' });
    await page.locator('[data-sonner-toast]').first().waitFor();
    expect(await page.locator('[data-sonner-toast] button[aria-label="Закрыть уведомление"]').count()).toBeGreaterThan(0);
    await page.close();
  });
});
