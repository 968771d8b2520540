import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/shared/schemas/catalogue.js';
import type { Checkout } from '../src/shared/schemas/orders.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

/**
 * Orders for staff in the back office (docs/orders-staff.md): the admin changes a quantity of a
 * New order and sees the new total and the change in the history; adds a note; opens the
 * printable slip. The screens pass axe.
 */

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;
let order: Checkout;

async function expectNoAxeViolations(page: Parameters<typeof seriousAxeViolations>[0], where: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  const token = await t.signInAdmin();
  const product = (await t.rest<Product>('POST', '/products', { token, body: { name: 'Плед клетчатый', url: 'pled-kletchatyj', variants: [{ article: 'PLAID-7', price: 1299, stock: 50 }] } })).body;
  order = await t.trpc(token).orders.checkouts.createByStaff.mutate({
    firstName: 'Пётр',
    lastName: 'Телефонов',
    email: 'petr@phone.test',
    phone: '+7 900 222-33-44',
    address: { address: 'ул. Ленина, д. 1', city: 'Москва', country: 'Россия', zipCode: '101000' },
    items: [{ variantId: product.variants[0]!.id, quantity: 1 }],
  });
});
afterAll(() => close?.());

describe('admin: editing an order', () => {
  it('changes a quantity and shows the new total and the change in the history', async () => {
    const page = await browser.newPage();
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/checkouts/${order.id}`);
    await page.getByRole('heading', { name: `Заказ № ${order.id}` }).waitFor();
    await page.getByText('Заказ оформлен: Новый').waitFor();

    await page.getByRole('button', { name: 'Изменить состав' }).click();
    const quantity = page.getByLabel('Количество: Плед клетчатый, арт. PLAID-7');
    await quantity.fill('3');
    await page.getByText(/итого после сохранения: 3\s897/).waitFor();
    await expectNoAxeViolations(page, 'order lines editor');
    await page.getByRole('button', { name: 'Сохранить состав' }).click();
    await page.getByText('Состав заказа сохранён').waitFor();

    // The order's total and the history's new entry.
    const history = page.getByLabel('История изменений');
    await history.getByText('Изменён состав заказа').waitFor();
    await history.getByText(/Было: PLAID-7 × 1; итого 1\s299/).waitFor();
    await history.getByText(/Стало: PLAID-7 × 3; итого 3\s897/).waitFor();
    await page.getByText(/3\s897,00\s₽|3\s897\s₽/).first().waitFor();
    const saved = (await t.rest<Checkout>('GET', `/checkouts/${order.id}`, { token: await t.signInAdmin() })).body;
    expect(saved).toMatchObject({ totalAmount: 3897, totalQuantity: 3 });

    await page.getByRole('textbox', { name: 'Новая заметка' }).fill('Клиент просил доставку после 18:00');
    await page.getByRole('button', { name: 'Добавить заметку' }).click();
    await page.getByText('Заметка добавлена').waitFor();
    await history.getByText('Клиент просил доставку после 18:00').waitFor();
    // A fading toast lowers the contrast of what is under it: axe once the toasts are gone.
    await page.getByText('Заметка добавлена').waitFor({ state: 'hidden', timeout: 15_000 });
    await page.getByText('Состав заказа сохранён').waitFor({ state: 'hidden', timeout: 15_000 });
    await expectNoAxeViolations(page, 'order page with notes and history');
    await screenshot(page, 'admin-order-edit');

    await page.goto(`${t.baseUrl}/admin/checkouts/${order.id}/print`);
    await page.getByRole('button', { name: 'Печать' }).waitFor();
    await page.getByRole('cell', { name: 'PLAID-7' }).waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    await expectNoAxeViolations(page, 'printable slip');
    await page.close();
  });

  it('changes the status of selected orders in the list and reports the refused ones', async () => {
    const page = await browser.newPage();
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/checkouts`);
    const pick = page.getByRole('checkbox', { name: `Выбрать заказ № ${order.id}` }).locator('visible=true');
    await pick.check();
    await page.getByText('Выбрано: 1').waitFor();
    await page.getByRole('combobox', { name: 'Новый статус' }).click();
    await page.getByRole('option', { name: 'Завершён' }).click();
    await page.getByRole('button', { name: 'Сменить статус' }).click();
    // New → Completed is not a move: refused, with the reason.
    const dialog = page.getByRole('dialog', { name: 'Не все заказы изменены' });
    await dialog.getByText(`Заказ № ${order.id}: Нельзя перевести заказ из статуса «Новый» в статус «Завершён».`).waitFor();
    await page.getByText('Статусы изменены').waitFor({ state: 'hidden', timeout: 15_000 });
    await expectNoAxeViolations(page, 'orders list with the bulk result');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Выгрузить CSV' }).waitFor();
    await page.close();
  });
});
