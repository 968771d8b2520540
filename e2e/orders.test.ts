import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

/**
 * Orders in the browser: a shopper without an account puts two products in the basket (one
 * from a catalogue card, one with a size from its page), changes a quantity in place, checks out
 * and sees the confirmation; the admin finds the order and moves it on. axe checks /cart,
 * /checkout and /admin/checkouts on the way.
 */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  const api = t.trpc(await t.signInAdmin());
  const sizes = [];
  for (const name of ['41', '42']) sizes.push(await api.catalogue.sizes.create.mutate({ name, url: name }));
  await api.catalogue.products.create.mutate({
    name: 'Кеды городские',
    url: 'kedy-gorodskie',
    sizes: sizes.map((size) => size.id),
    variants: [{ article: 'KD-001', price: 3990, stock: 5 }],
  });
  await api.catalogue.products.create.mutate({
    name: 'Рюкзак туристический',
    url: 'ryukzak-turisticheskiy',
    variants: [{ article: 'RK-001', price: 2500, stock: 3 }],
  });
}, 120_000);

afterAll(() => close?.());

async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // The page itself is checked, not the toasts of the steps before (they last 5 s).
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

/** «6 490 ₽» as formatRubles prints it, with whatever spaces it uses. */
const rubles = (digits: string) => new RegExp(`^${digits.replace(' ', '\\s')}\\s₽$`);

let orderId = '';

describe('orders in the browser', () => {
  it('a shopper without an account fills the basket, changes a quantity and checks out', async () => {
    const page = await browser.newPage({ viewport: desktop });
    await page.goto(`${t.baseUrl}/catalog`);
    // The heart keeps the product in the wishlist; the header counts it.
    await page.getByRole('button', { name: 'В избранное: Рюкзак туристический' }).click();
    await page.getByText('Товар добавлен в избранное').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Избранное, 1 товар$/ }).count()).toBe(1);
    const backpack = page.getByRole('button', { name: 'В корзину: Рюкзак туристический' });
    await backpack.click();
    await page.getByText('Товар добавлен в корзину').first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Корзина, 1 товар$/ }).count()).toBe(1);

    // A product with sizes asks for one, in Russian, before it goes into the basket.
    await page.getByRole('link', { name: 'Кеды городские' }).click();
    await page.getByRole('heading', { name: 'Кеды городские' }).waitFor();
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Выберите размер' }).waitFor();
    await page.getByText('42', { exact: true }).click();
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    // The basket panel opens with both lines.
    const panel = page.getByRole('dialog', { name: 'Корзина' });
    await panel.getByText('Кеды городские').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Корзина, 2 товара$/ }).count()).toBe(1);
    await panel.getByRole('link', { name: 'Перейти в корзину' }).click();

    await page.waitForURL(/\/cart$/);
    await expect.poll(() => page.title()).toBe('Корзина — Магазин');
    const total = page.getByTestId('basket-total');
    await expect.poll(() => total.textContent()).toMatch(rubles('6 490'));
    // The quantity changes without a reload; the server's total follows.
    await page.getByRole('button', { name: 'Увеличить количество: Рюкзак туристический' }).click();
    await expect.poll(() => total.textContent()).toMatch(rubles('8 990'));
    await screenshot(page, 'orders-cart-desktop');
    await expectAccessible(page, '/cart');

    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByLabel('Имя').fill('Ольга');
    await page.getByLabel('Фамилия').fill('Покупаева');
    await page.getByLabel('Телефон').fill('+7 900 123-45-67');
    await page.getByLabel('E-mail').fill('olga@example.test');
    await page.getByLabel('Город').fill('Казань');
    await page.getByLabel('Индекс').fill('420111');
    await page.getByRole('textbox', { name: /^Адрес/ }).fill('ул. Баумана, д. 1, кв. 2');
    await page.getByLabel('Комментарий к доставке').fill('Позвонить за час');
    await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await expectAccessible(page, '/checkout');
    await screenshot(page, 'orders-checkout-desktop');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    await page.waitForURL(/\/checkout\/success\/\d+$/);
    orderId = /(\d+)$/.exec(page.url())?.[1] ?? '';
    await page.getByRole('heading', { name: `Заказ № ${orderId} оформлен` }).waitFor();
    await expect.poll(() => page.getByTestId('order-total').textContent()).toMatch(rubles('8 990'));
    await page.getByText('Подтверждение отправлено на olga@example.test').waitFor();
    // The ordered basket is left behind: the header shows an empty one.
    await expect.poll(() => page.getByRole('button', { name: 'Корзина', exact: true }).count()).toBe(1);
    await page.close();
  });

  it('on a 360-pixel phone the cart fits the screen and has no axe violation', async () => {
    const page = await browser.newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await page.goto(`${t.baseUrl}/product/ryukzak-turisticheskiy`);
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    // On a phone no drawer opens: the button becomes the line's stepper.
    await page.getByRole('group', { name: 'В корзине: Рюкзак туристический' }).waitFor();
    await page.goto(`${t.baseUrl}/cart`);
    await page.getByTestId('basket-total').waitFor();
    const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await screenshot(page, 'orders-cart-phone');
    await expectAccessible(page, '/cart on a phone');
    await page.close();
  });

  it('the admin finds the order and moves it to delivery', async () => {
    expect(orderId).not.toBe('');
    const page = await browser.newPage({ viewport: desktop });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/checkouts`);
    const row = page.getByRole('row', { name: /Ольга Покупаева/ });
    await row.waitFor();
    await expectAccessible(page, '/admin/checkouts');
    await screenshot(page, 'orders-admin-list');
    await row.getByRole('link', { name: `Заказ № ${orderId}` }).click();
    await page.getByRole('heading', { name: `Заказ № ${orderId}` }).waitFor();
    await page.getByText('ул. Баумана, д. 1, кв. 2', { exact: false }).first().waitFor();
    // Only the allowed moves are offered: from «Новый», to delivery or a cancel.
    const moves = page.getByRole('group', { name: 'Изменить статус' });
    expect(await moves.getByRole('button').allTextContents()).toEqual(['Передать в доставку', 'Отменить заказ']);
    await moves.getByRole('button', { name: 'Передать в доставку' }).click();
    await page.getByText('Статус заказа изменён').waitFor();
    expect(await moves.getByRole('button').allTextContents()).toEqual(['Завершить', 'Отменить заказ']);
    await page.getByText('Новый → Доставляется').waitFor();
    await screenshot(page, 'orders-admin-detail');

    // The dashboard counts the orders of the last 30 days.
    await page.getByRole('link', { name: 'Сводка' }).click();
    await page.getByRole('heading', { name: 'Сводка' }).waitFor();
    await page.getByRole('region', { name: 'Заказы по дням' }).locator('svg').first().waitFor();
    await expect.poll(() => page.getByText('Заказов за 30 дней').locator('..').textContent()).toContain('1');
    await screenshot(page, 'orders-admin-dashboard');

    const saved = await t.trpc(await t.signInAdmin()).orders.checkouts.get.query({ checkoutId: Number(orderId) });
    expect(saved.status).toBe('InDelivery');
    expect(saved.lines.map((line) => [line.name, line.size, line.quantity])).toEqual(
      expect.arrayContaining([
        ['Рюкзак туристический', null, 2],
        ['Кеды городские', '42', 1],
      ]),
    );
    await page.close();
  });

  it('the admin takes an order by phone', async () => {
    const page = await browser.newPage({ viewport: desktop });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/checkouts`);
    await page.getByRole('link', { name: 'Новый заказ' }).click();
    await page.waitForURL(/\/admin\/checkouts\/create-checkout$/);
    await page.getByLabel('Имя').fill('Пётр');
    await page.getByLabel('Фамилия').fill('Звонков');
    await page.getByLabel('Телефон').fill('+7 912 000-11-22');
    await page.getByLabel('E-mail').fill('petr@example.test');
    await page.getByLabel('Город').fill('Тверь');
    await page.getByLabel('Индекс').fill('170000');
    await page.getByRole('textbox', { name: /^Адрес/ }).fill('пр. Победы, д. 5');

    await page.getByLabel('Товар', { exact: true }).first().fill('Кеды');
    await page.getByRole('option', { name: 'Кеды городские' }).click();
    await page.getByLabel('Вариант', { exact: true }).first().click();
    await page.getByRole('option', { name: /KD-001/ }).click();
    await page.getByLabel('Размер', { exact: true }).first().click();
    await page.getByRole('option', { name: '41', exact: true }).click();
    await page.getByRole('button', { name: 'Добавить' }).click();
    await page.getByRole('cell', { name: 'Кеды городские, размер 41, арт. KD-001', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Сохранить' }).click();

    await page.getByText('Заказ создан').waitFor();
    await page.waitForURL(/\/admin\/checkouts\/\d+$/);
    await page.getByRole('heading', { name: /^Заказ № \d+$/ }).waitFor();
    await page.getByText('Пётр').first().waitFor();
    await page.close();
  });

  it('at sign-in the basket becomes the user’s; the checkout starts from the account and the profile lists the order', async () => {
    await t.trpc().accounts.auth.signup.mutate({ firstName: 'Нина', lastName: 'Кабинетова', email: 'nina@shop.test', password: 'nina-password', consent: true });
    const page = await browser.newPage({ viewport: desktop });
    await page.goto(`${t.baseUrl}/product/ryukzak-turisticheskiy`);
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    await page.getByRole('dialog', { name: 'Корзина' }).getByText('Рюкзак туристический').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Корзина' }).waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Войти' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByLabel('E-mail').fill('nina@shop.test');
    await panel.getByLabel('Пароль').fill('nina-password');
    await panel.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Вы успешно авторизованы!').waitFor();
    const admin = t.trpc(await t.signInAdmin());
    await expect
      .poll(async () => (await admin.orders.baskets.list.query({ status: 'Active' })).rows.some((basket) => basket.user?.email === 'nina@shop.test' && basket.totalQuantity === 1))
      .toBe(true);

    await page.goto(`${t.baseUrl}/checkout`);
    await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe('nina@shop.test');
    expect(await page.getByLabel('Фамилия').inputValue()).toBe('Кабинетова');
    await page.getByLabel('Телефон').fill('+7 901 222-33-44');
    await page.getByLabel('Город').fill('Самара');
    await page.getByLabel('Индекс').fill('443001');
    await page.getByRole('textbox', { name: /^Адрес/ }).fill('ул. Ленинградская, д. 7');
    await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.waitForURL(/\/checkout\/success\/\d+$/);

    await page.getByRole('link', { name: 'Мои заказы' }).click();
    await page.waitForURL(/\/profile$/);
    const orders = page.getByRole('region', { name: 'Мои заказы' });
    await orders.getByText(/^Заказ № \d+$/).waitFor();
    await orders.getByText('Новый').waitFor();
    await screenshot(page, 'orders-profile');
    await page.close();
  });
});
