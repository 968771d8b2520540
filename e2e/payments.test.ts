import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { yookassaCredentials } from '../tests/support/payments-support.js';
import { startYooKassaFake, type YooKassaFake } from '../tests/support/yookassa-fake.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

/**
 * Payments in the browser, against the local ЮKassa (tests/support/yookassa-fake.ts) and its
 * confirmation page. On a 360-px phone a guest chooses «Онлайн», is sent to the payment page,
 * pays, comes back and sees «Оплачен»; a guest choosing «При получении» places a New order as
 * before; the admin sees the payment on the order's page, refunds one line and finds the order by
 * its payment state. When the payment service keeps silent at the checkout, the guest sees the
 * message and pays with «Оплатить» (the same payment, no second one). axe checks the checkout with the choice, the return page and the admin's
 * payment panel with the refund modal.
 */
let t: TestApp;
let browser: Browser;
let fake: YooKassaFake;
let close: (() => Promise<void>) | undefined;

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

beforeAll(async () => {
  fake = await startYooKassaFake(yookassaCredentials);
  ({ t, browser, close } = await startBrowserApp({
    YOOKASSA_SHOP_ID: yookassaCredentials.shopId,
    YOOKASSA_SECRET_KEY: yookassaCredentials.secretKey,
    YOOKASSA_API_URL: `${fake.url}/v3`,
    // A payment service that keeps silent is given up on quickly (the retry test).
    YOOKASSA_TIMEOUT_MS: '1500',
  }));
  fake.notifyUrl = `${t.baseUrl}/api/payments/yookassa/notifications`;
  fake.returnOrigin = t.baseUrl;
  const api = t.trpc(await t.signInAdmin());
  await api.catalogue.products.create.mutate({ name: 'Плед клетчатый', url: 'pled-kletchatyy', variants: [{ article: 'PLED-1', price: 1299, stock: 10 }] });
  await api.catalogue.products.create.mutate({ name: 'Подушка льняная', url: 'podushka-lnyanaya', variants: [{ article: 'POD-1', price: 450, stock: 10 }] });
}, 120_000);

afterAll(async () => {
  await close?.();
  await fake?.close();
});

async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

async function addToBasket(page: Page, url: string, name: string): Promise<void> {
  await page.goto(`${t.baseUrl}/product/${url}`);
  await page.getByRole('button', { name: 'В корзину', exact: true }).click();
  // On a phone no drawer opens: the button becomes the line's stepper.
  await page.getByRole('group', { name: `В корзине: ${name}` }).first().waitFor();
}

async function fillCheckout(page: Page, lastName: string, email: string): Promise<void> {
  await page.goto(`${t.baseUrl}/checkout`);
  await page.getByLabel('Имя').fill('Вера');
  await page.getByLabel('Фамилия').fill(lastName);
  await page.getByLabel('Телефон').fill('+7 900 765-43-21');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Город').fill('Москва');
  await page.getByLabel('Индекс').fill('101000');
  await page.getByRole('textbox', { name: /^Адрес/ }).fill('ул. Мясницкая, д. 5, кв. 7');
  await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
}

let paidOrderId = 0;

describe('payments in the browser', () => {
  it('on a phone a guest pays online on the payment page and comes back to «Оплачен»', async () => {
    const page = await browser.newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await addToBasket(page, 'pled-kletchatyy', 'Плед клетчатый');
    await addToBasket(page, 'podushka-lnyanaya', 'Подушка льняная');
    await fillCheckout(page, 'Онлайнова', 'vera-online@example.test');

    const methods = page.getByRole('radiogroup', { name: 'Способ оплаты' });
    await methods.waitFor();
    // On delivery is the default; online is offered because the shop takes it.
    expect(await methods.getByRole('radio', { name: /При получении/ }).isChecked()).toBe(true);
    await page.locator('label').filter({ hasText: 'Онлайн' }).click();
    expect(await methods.getByRole('radio', { name: /Онлайн/ }).isChecked()).toBe(true);
    await expectAccessible(page, '/checkout with the payment choice');
    await screenshot(page, 'payments-checkout-phone');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    // The provider's page: the order's total, and «Оплатить».
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/checkout/payments/`));
    await page.getByText('1749.00 ₽').waitFor();
    await page.getByRole('button', { name: 'Оплатить' }).click();

    await page.waitForURL(/\/checkout\/success\/\d+$/);
    paidOrderId = Number(/(\d+)$/.exec(page.url())?.[1]);
    await page.getByRole('heading', { name: `Заказ № ${paidOrderId} оформлен` }).waitFor();
    await expect.poll(() => page.getByTestId('order-payment').textContent()).toContain('Оплачен');
    const order = await t.trpc(await t.signInAdmin()).orders.checkouts.get.query({ checkoutId: paidOrderId });
    expect(order).toMatchObject({ status: 'New', paymentMethod: 'online', paymentStatus: 'paid', totalAmount: 1749 });
    await expectAccessible(page, '/checkout/success after paying');
    await screenshot(page, 'payments-paid-phone');
    await page.close();
  });

  it('choosing «При получении» places a New order without the payment service', async () => {
    const page = await browser.newPage({ viewport: phone, isMobile: true, hasTouch: true });
    const paymentsBefore = fake.payments.length;
    await addToBasket(page, 'podushka-lnyanaya', 'Подушка льняная');
    await fillCheckout(page, 'Наличнова', 'vera-cash@example.test');
    const methods = page.getByRole('radiogroup', { name: 'Способ оплаты' });
    await page.locator('label').filter({ hasText: 'Онлайн' }).click();
    await page.locator('label').filter({ hasText: 'При получении' }).click();
    expect(await methods.getByRole('radio', { name: /При получении/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    await page.waitForURL(/\/checkout\/success\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    await page.getByRole('heading', { name: `Заказ № ${id} оформлен` }).waitFor();
    await page.getByText('Подтверждение отправлено на vera-cash@example.test').waitFor();
    expect(await page.getByTestId('order-payment').count()).toBe(0);
    const order = await t.trpc(await t.signInAdmin()).orders.checkouts.get.query({ checkoutId: id });
    expect(order).toMatchObject({ status: 'New', paymentMethod: 'onDelivery', paymentStatus: 'none' });
    expect(fake.payments.length).toBe(paymentsBefore);
    await page.close();
  });

  it('when the payment service keeps silent, the guest sees why and pays with «Оплатить»', async () => {
    const page = await browser.newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await addToBasket(page, 'pled-kletchatyy', 'Плед клетчатый');
    await fillCheckout(page, 'Повторова', 'vera-retry@example.test');
    await page.locator('label').filter({ hasText: 'Онлайн' }).click();
    const paymentsBefore = fake.payments.length;
    fake.delayNextPayments(4000);
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    await page.waitForURL(/\/checkout\/success\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    const block = page.getByTestId('order-payment');
    await expect.poll(() => block.textContent()).toContain('Платёжный сервис не отвечает');
    expect(await block.textContent()).toContain('Ожидает оплаты');
    await fake.idle();
    await block.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/checkout/payments/`));
    // The attempt's own key: the payment the silent call created, not a second one.
    expect(fake.payments.length).toBe(paymentsBefore + 1);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/checkout\/success\/\d+$/);
    await expect.poll(() => page.getByTestId('order-payment').textContent()).toContain('Оплачен');
    expect((await t.trpc(await t.signInAdmin()).orders.checkouts.get.query({ checkoutId: id })).paymentStatus).toBe('paid');
    await page.close();
  });

  it('the admin sees the payment on the order page, refunds one line and filters orders by payment state', async () => {
    expect(paidOrderId).toBeGreaterThan(0);
    const page = await browser.newPage({ viewport: desktop });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/checkouts/${paidOrderId}`);
    const panel = page.getByRole('region', { name: 'Оплата' });
    const payment = fake.payments.find((entry) => entry.metadata['orderId'] === String(paidOrderId));
    expect(payment).toBeDefined();
    const paymentRow = panel.getByTestId('payment-row');
    await expect.poll(() => paymentRow.textContent()).toContain(payment?.id ?? '');
    expect(await paymentRow.textContent()).toMatch(/1\s749\s₽.*Оплачен/);
    expect(await panel.getByTestId('order-payment-status').textContent()).toBe('Оплачен');

    await panel.getByRole('button', { name: 'Вернуть деньги' }).click();
    const modal = page.getByRole('dialog', { name: `Возврат по заказу № ${paidOrderId}` });
    await modal.getByLabel(/Плед клетчатый: вернуть/).fill('1');
    await modal.getByLabel('Причина').fill('Покупатель вернул плед');
    await expectAccessible(page, 'the refund modal');
    await modal.getByRole('button', { name: 'Вернуть деньги' }).click();

    await expect.poll(() => panel.getByTestId('refund-row').count()).toBe(1);
    expect(await panel.getByTestId('refund-row').textContent()).toMatch(/Плед клетчатый × 1.*1\s299\s₽/);
    await expect.poll(() => panel.getByTestId('order-payment-status').textContent()).toBe('Частично возвращён');
    expect(fake.refunds.map((refund) => refund.amount.value)).toEqual(['1299.00']);
    await expectAccessible(page, 'the admin order page with its payments');
    await screenshot(page, 'payments-admin-order');

    // More than is left is refused in the server's words, in the modal.
    await panel.getByRole('button', { name: 'Вернуть деньги' }).click();
    await modal.getByText('Сумму', { exact: true }).click();
    await modal.getByLabel('Сумма возврата').fill('5000');
    await modal.getByRole('button', { name: 'Вернуть деньги' }).click();
    await modal.getByRole('alert').filter({ hasText: 'Сумма возврата больше, чем осталось вернуть' }).waitFor();
    await modal.getByRole('button', { name: 'Отмена' }).click();

    await page.goto(`${t.baseUrl}/admin/checkouts?payment=partiallyRefunded`);
    await page.getByRole('link', { name: `Заказ № ${paidOrderId}` }).first().waitFor();
    expect(await page.getByRole('row', { name: new RegExp(`Заказ № ${paidOrderId}`) }).textContent()).toContain('Частично возвращён');
    await page.close();
  });
});
