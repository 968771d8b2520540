import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import type { TestApp } from '../tests/support/harness.js';
import { signInToAdmin, startBrowserApp } from './support/browser.js';

/** Validation that protects the shop: a negative price is kept as typed and refused with the reason; the sign-up form speaks Russian only. */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  await seedDemoData(t.db, { production: false });
});

afterAll(() => close?.());

const phone = { width: 360, height: 780 };
const desktop = { width: 1280, height: 800 };

describe('validation that protects the shop', () => {
  it('keeps a typed negative price as typed and refuses it, with the reason', async () => {
    const page = await browser.newPage({ viewport: desktop });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/products/1`);
    const price = page.getByRole('textbox', { name: /^Цена/ }).first();
    await expect.poll(() => price.inputValue()).not.toBe('');
    await price.fill('-5');
    await price.blur();
    expect(await price.inputValue()).toBe('-5');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Цена должна быть больше нуля').first().waitFor();
    expect(page.url()).toMatch(/\/admin\/products\/1$/);
    await page.close();
  });

  it('the sign-up form speaks Russian only and shows one success toast', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(t.baseUrl);
    await page.getByRole('button', { name: 'Войти' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('tab', { name: 'Регистрация' }).click();
    await panel.getByLabel('E-mail').fill('not-an-email');
    await panel.getByRole('button', { name: 'Зарегистрироваться' }).click();
    // Mantine's Russian messages, not the browser's validation bubble (the form is noValidate).
    await panel.getByText('Укажите имя').waitFor();
    await panel.getByText('Введите корректный e-mail').waitFor();
    expect(await panel.locator('form').getAttribute('novalidate')).not.toBeNull();

    await panel.getByLabel('Имя').fill('Вера');
    await panel.getByLabel('E-mail').fill('vera-quality@shop.test');
    await panel.getByLabel('Пароль').fill('vera-password-1');
    await panel.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await panel.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Вы успешно авторизованы!').waitFor();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(1);
    await page.close();
  });

  it('on a phone, a failed «Подтвердить заказ» brings the first invalid field into view and focuses it', async () => {
    const admin = await t.signInAdmin();
    const made = await t.rest('POST', '/products', { token: admin, body: { name: 'Фляга походная', url: 'flyaga-pohodnaya', variants: [{ article: 'FL-1', price: 990, stock: 5 }] } });
    expect(made.status).toBe(200);
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${t.baseUrl}/product/flyaga-pohodnaya`);
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Корзина, 1 товар$/ }).count()).toBe(1);
    await page.goto(`${t.baseUrl}/checkout`);
    const confirm = page.getByRole('button', { name: 'Подтвердить заказ' });
    await confirm.scrollIntoViewIfNeeded();
    const name = page.getByLabel('Имя');
    // Where the field is in the window (boundingBox is relative to the viewport).
    const place = async () => {
      const box = await name.boundingBox();
      if (!box) throw new Error('no box for «Имя»');
      return box.y >= 0 && box.y + box.height <= phone.height ? 'in view' : 'out of view';
    };
    const focused = () => name.evaluate((input) => input === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement);
    // The first field is out of view when the shopper reaches the button.
    expect(await place()).toBe('out of view');
    await confirm.click();
    await expect.poll(focused).toBe(true);
    expect(await place()).toBe('in view');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await page.close();
  });
});
