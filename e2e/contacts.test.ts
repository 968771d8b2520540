import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, startBrowserApp } from './support/browser.js';

/** Remembered contacts on a 360-px phone: the profile's saved addresses and the +7 phone mask. */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
});

afterAll(() => close?.());

const phone = { width: 360, height: 780 };

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(t.baseUrl);
  await page.getByRole('button', { name: 'Войти' }).click();
  const panel = page.getByRole('dialog');
  await panel.getByLabel('E-mail').fill(email);
  await panel.getByLabel('Пароль').fill(password);
  await panel.getByRole('button', { name: 'Войти' }).click();
  await page.getByText('Вы успешно авторизованы!').waitFor();
}

describe('remembered contacts', () => {
  it('the profile lists saved addresses, adds one through the phone mask and makes it the default', async () => {
    const { accessToken } = await t.trpc().accounts.auth.signup.mutate({ firstName: 'Зоя', lastName: 'Адресова', email: 'zoya@shop.test', password: 'zoya-password', consent: true });
    const home = await t
      .trpc(accessToken)
      .orders.addresses.create.mutate({ firstName: 'Зоя', lastName: 'Адресова', address: 'ул. Пушкина, д. 10, кв. 5', city: 'Москва', zipCode: '101000', phone: '8 900 100-20-30' });
    expect(home).toMatchObject({ isDefault: true, phone: '+79001002030' });

    const page = await browser.newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await signIn(page, 'zoya@shop.test', 'zoya-password');
    await page.goto(`${t.baseUrl}/profile`);
    const section = page.getByRole('region', { name: 'Мои адреса' });
    const homeCard = section.getByRole('article', { name: 'Адрес: Москва, ул. Пушкина, д. 10, кв. 5' });
    await homeCard.getByText('Основной').waitFor();
    await homeCard.getByText('+7 (900) 100-20-30').waitFor();

    await section.getByRole('button', { name: 'Добавить адрес' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый адрес' });
    // An empty form is refused with the reasons, the phone's in the expected spelling.
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Укажите телефон').waitFor();
    const phoneField = dialog.getByLabel('Телефон');
    expect(await phoneField.getAttribute('type')).toBe('tel');
    expect(await phoneField.getAttribute('inputmode')).toBe('tel');
    expect(await phoneField.getAttribute('autocomplete')).toBe('tel');
    expect(await phoneField.getAttribute('placeholder')).toBe('+7 (___) ___-__-__');
    // Typed digits are shown through the mask as they come; a pasted «8 900 …» too.
    await phoneField.pressSequentially('8912345');
    expect(await phoneField.inputValue()).toBe('+7 (912) 345');
    await phoneField.pressSequentially('6789');
    expect(await phoneField.inputValue()).toBe('+7 (912) 345-67-89');
    await phoneField.fill('');
    await phoneField.fill('8 912 000 11 22');
    expect(await phoneField.inputValue()).toBe('+7 (912) 000-11-22');
    await phoneField.fill('+7 912 00');
    await dialog.getByLabel('Имя').fill('Зоя');
    await dialog.getByLabel('Фамилия').fill('Рабочая');
    await dialog.getByLabel('Город').fill('Казань');
    await dialog.getByLabel('Индекс').fill('420111');
    await dialog.getByRole('textbox', { name: /^Адрес/ }).fill('ул. Баумана, д. 7');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Введите телефон в формате +7 (900) 123-45-67').waitFor();
    await phoneField.fill('89120001122');
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');
    await screenshot(page, 'contacts-address-form-phone');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const workCard = section.getByRole('article', { name: 'Адрес: Казань, ул. Баумана, д. 7' });
    await workCard.getByText('+7 (912) 000-11-22').waitFor();
    expect(await workCard.getByText('Основной').count()).toBe(0);
    await workCard.getByRole('button', { name: 'Сделать основным' }).click();
    await workCard.getByText('Основной').waitFor();
    await expect.poll(() => homeCard.getByText('Основной').count()).toBe(0);
    const stored = await t.db.selectFrom('addresses').select(['city', 'phone', 'isDefault']).where('lastName', '=', 'Рабочая').executeTakeFirstOrThrow();
    expect(stored).toEqual({ city: 'Казань', phone: '+79120001122', isDefault: true });

    // Edited in the same form; deleted after a question.
    await homeCard.getByRole('button', { name: /^Изменить адрес/ }).click();
    const edit = page.getByRole('dialog', { name: 'Изменить адрес' });
    expect(await edit.getByLabel('Телефон').inputValue()).toBe('+7 (900) 100-20-30');
    await edit.getByLabel('Город').fill('Москва');
    await edit.getByRole('textbox', { name: /^Адрес/ }).fill('ул. Пушкина, д. 12');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await edit.waitFor({ state: 'hidden' });
    const moved = section.getByRole('article', { name: 'Адрес: Москва, ул. Пушкина, д. 12' });
    await moved.waitFor();
    await moved.getByRole('button', { name: /^Удалить адрес/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await moved.waitFor({ state: 'detached' });
    await expect.poll(() => section.getByRole('article').count()).toBe(1);

    // Nothing sticks out sideways on the phone; axe finds nothing serious.
    const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    // axe reads colours: toasts fading in or out fail contrast on no fault of the page.
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 20_000 }).toBe(0);
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');
    await screenshot(page, 'contacts-profile-addresses-phone');
    await page.close();
  });

  it('a signed-in shopper\'s checkout starts filled from the default address, and keeps a new one when asked', async () => {
    const { accessToken } = await t.trpc().accounts.auth.signup.mutate({ firstName: 'Пётр', lastName: 'Заполненный', email: 'petr@shop.test', password: 'petr-password', consent: true });
    await t
      .trpc(accessToken)
      .orders.addresses.create.mutate({ firstName: 'Пётр', lastName: 'Заполненный', address: 'пр. Мира, д. 3, кв. 7', city: 'Казань', zipCode: '420000', phone: '8 917 200-30-40' });
    const admin = await t.signInAdmin();
    const made = await t.rest('POST', '/products', { token: admin, body: { name: 'Термос стальной', url: 'termos-stalnoy', variants: [{ article: 'TS-1', price: 1490, stock: 5 }] } });
    expect(made.status).toBe(200);

    const page = await browser.newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await signIn(page, 'petr@shop.test', 'petr-password');
    await page.goto(`${t.baseUrl}/product/termos-stalnoy`);
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    // The basket is kept before the page changes: the button becomes the line's stepper.
    await page.getByRole('group', { name: 'В корзине: Термос стальной' }).waitFor();
    await page.goto(`${t.baseUrl}/checkout`);
    // Phone, city, postcode and address are not asked again.
    await expect.poll(() => page.getByLabel('Телефон').inputValue()).toBe('+7 (917) 200-30-40');
    expect(await page.getByLabel('Город').inputValue()).toBe('Казань');
    expect(await page.getByLabel('Индекс').inputValue()).toBe('420000');
    expect(await page.getByRole('textbox', { name: /^Адрес/ }).inputValue()).toBe('пр. Мира, д. 3, кв. 7');
    expect(await page.getByLabel('Имя').inputValue()).toBe('Пётр');
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');

    // A new address typed here joins the profile when «Сохранить адрес в профиле» is ticked.
    await page.getByRole('textbox', { name: /^Адрес/ }).fill('ул. Баумана, д. 1');
    await page.getByLabel('Сохранить адрес в профиле').check();
    await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.waitForURL(/\/checkout\/success\//);
    const kept = await t.db.selectFrom('addresses').innerJoin('users', 'users.id', 'addresses.userId').select('addresses.address').where('users.email', '=', 'petr@shop.test').orderBy('addresses.id').execute();
    expect(kept.map((row) => row.address)).toEqual(['пр. Мира, д. 3, кв. 7', 'ул. Баумана, д. 1']);
    await page.close();
  });
});
