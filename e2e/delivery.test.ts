import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

/**
 * Delivery in the browser. On a 360-px phone a guest sees how much more buys free delivery in the
 * basket (and the hint turns into «Доставка бесплатно» past the threshold), checks out choosing
 * «Самовывоз» and a pickup point, and the confirmation shows the point and the cost. On a desktop
 * the admin adds a courier with a zone, edits a pickup point and completes an order's delivery;
 * the home page's free-delivery promise then names the new lowest threshold. axe checks the basket, the checkout with the pickup list open and the admin's delivery pages.
 */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  const api = t.trpc(await t.signInAdmin());
  await api.catalogue.products.create.mutate({ name: 'Шарф шерстяной', url: 'sharf-sherstyanoy', variants: [{ article: 'SH-001', price: 2500, stock: 10 }] });
  await api.delivery.methods.create.mutate({
    kind: 'courier',
    name: 'Курьер по Москве',
    position: 0,
    zones: [{ name: 'Москва', cities: ['Москва'], price: 350, freeFrom: 5000, minDays: 1, maxDays: 2 }],
  });
  await api.delivery.methods.create.mutate({ kind: 'pickup', name: 'Самовывоз из магазина', price: 150, freeFrom: 5000, minDays: 0, maxDays: 1, position: 1 });
  await api.delivery.methods.create.mutate({ kind: 'post', name: 'Почта России', price: 300, minDays: 5, maxDays: 10, position: 2 });
  const hours = 'Пн–Вс 10:00–22:00';
  await api.delivery.pickupPoints.create.mutate({ name: 'Магазин на Тверской', city: 'Москва', address: 'ул. Тверская, д. 1', hours, latitude: 55.757, longitude: 37.615 });
  await api.delivery.pickupPoints.create.mutate({ name: 'Магазин на Арбате', city: 'Москва', address: 'ул. Арбат, д. 10', hours, latitude: 55.751, longitude: 37.593 });
}, 120_000);

afterAll(() => close?.());

async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // The page itself is checked, not the toasts of the steps before (they last 5 s).
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

/** «2 650 ₽» as formatRubles prints it, with whatever spaces it uses. */
const rubles = (digits: string) => new RegExp(`^${digits.replace(' ', '\\s')}\\s₽$`);

let orderId = '';

describe('delivery in the browser', () => {
  it('on a phone the basket shows how much more buys free delivery, and the guest picks up the order from a point', async () => {
    const page = await browser.newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await page.goto(`${t.baseUrl}/product/sharf-sherstyanoy`);
    await page.getByRole('button', { name: 'В корзину', exact: true }).click();
    // On a phone an add does not open the drawer: the header's basket button does.
    await page.getByRole('button', { name: /^Корзина, 1 товар$/ }).click();
    await page.getByRole('dialog', { name: 'Корзина' }).getByText('До бесплатной доставки осталось').waitFor();
    await page.goto(`${t.baseUrl}/cart`);

    // 2 500 of the 5 000 ₽ threshold: the hint and its bar; one more scarf makes delivery free.
    const hint = page.getByTestId('free-delivery-hint');
    await expect.poll(() => hint.textContent()).toMatch(/^До бесплатной доставки осталось 2\s500\s₽$/);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    await expectAccessible(page, '/cart with the free-delivery hint');
    await screenshot(page, 'delivery-cart-phone');
    await page.getByRole('button', { name: 'Увеличить количество: Шарф шерстяной' }).click();
    await expect.poll(() => hint.textContent()).toBe('Доставка бесплатно');
    await page.getByRole('button', { name: 'Уменьшить количество: Шарф шерстяной' }).click();
    await expect.poll(() => hint.textContent()).toMatch(/осталось 2\s500\s₽$/);

    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/checkout$/);
    await page.getByLabel('Имя').fill('Анна');
    await page.getByLabel('Фамилия').fill('Самовывозова');
    await page.getByLabel('Телефон').fill('+7 900 555-44-33');
    await page.getByLabel('E-mail').fill('anna@example.test');
    // No city yet, so no courier: the first method available, pickup, is chosen.
    const methods = page.getByRole('radiogroup', { name: 'Способ доставки' });
    const pickup = methods.getByRole('radio', { name: /Самовывоз из магазина/ });
    await expect.poll(() => pickup.isChecked()).toBe(true);
    // Each choice is a card: its label carries the name, the estimate and the cost; why not is said under it.
    const card = (name: string) => page.locator('label').filter({ hasText: name });
    const courierId = (await t.trpc().delivery.options.query({})).methods.find((method) => method.name === 'Курьер по Москве')?.id;
    const courierNotes = page.getByTestId(`delivery-method-notes-${courierId ?? 0}`);
    // The courier does not go to Томск and says so on its card.
    await card('Курьер по Москве').click();
    expect(await methods.getByRole('radio', { name: /Курьер по Москве/ }).isChecked()).toBe(true);
    await page.getByLabel('Город').fill('Томск');
    await expect.poll(() => courierNotes.textContent(), { timeout: 10_000 }).toContain('Курьер не доставляет в город Томск');
    expect(await methods.getByRole('radio', { name: /Курьер по Москве/ }).getAttribute('aria-describedby')).toBe(await courierNotes.getAttribute('id'));
    await page.getByLabel('Город').fill('Москва');
    await expect.poll(() => card('Курьер по Москве').textContent(), { timeout: 10_000 }).toMatch(/350\s₽/);
    expect(await courierNotes.count()).toBe(0);

    await card('Самовывоз из магазина').click();
    // A pickup needs no address: its fields go, the points come.
    await expect.poll(() => page.getByLabel('Город').isVisible()).toBe(false);
    const points = page.getByRole('radiogroup', { name: 'Пункт самовывоза' });
    await card('Магазин на Тверской').waitFor();
    expect(await points.getByRole('radio').count()).toBe(2);
    const map = page.getByRole('link', { name: 'На карте: Магазин на Тверской' });
    expect(await map.getAttribute('target')).toBe('_blank');
    expect(await map.getAttribute('href')).toContain('yandex.ru/maps');
    // Without a point the order is not sent, and the shopper is told why.
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.getByText('Выберите пункт самовывоза').waitFor();
    await card('Магазин на Тверской').click();
    expect(await points.getByRole('radio', { name: /Магазин на Тверской/ }).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('order-delivery-cost').textContent()).toMatch(rubles('150'));
    await expect.poll(() => page.getByTestId('order-total').textContent()).toMatch(rubles('2 650'));
    await expectAccessible(page, '/checkout with the pickup points');
    await screenshot(page, 'delivery-checkout-pickup-phone');
    await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    await page.waitForURL(/\/checkout\/success\/\d+$/);
    orderId = /(\d+)$/.exec(page.url())?.[1] ?? '';
    await page.getByRole('heading', { name: `Заказ № ${orderId} оформлен` }).waitFor();
    const delivery = page.getByTestId('order-delivery');
    await expect.poll(() => delivery.textContent()).toContain('Пункт самовывоза: Магазин на Тверской, Москва, ул. Тверская, д. 1');
    expect(await delivery.textContent()).toContain('Самовывоз из магазина');
    await expect.poll(() => page.getByTestId('order-items-amount').textContent()).toMatch(rubles('2 500'));
    await expect.poll(() => page.getByTestId('order-delivery-cost').textContent()).toMatch(rubles('150'));
    await expect.poll(() => page.getByTestId('order-total').textContent()).toMatch(rubles('2 650'));
    await expectAccessible(page, 'the order placed page');
    await page.close();

    // The server recorded the same: the point, the cost and the total with delivery.
    const order = await t.trpc(await t.signInAdmin()).orders.checkouts.get.query({ checkoutId: Number(orderId) });
    expect(order.delivery?.pickupPoint?.name).toBe('Магазин на Тверской');
    expect([order.itemsAmount, order.delivery?.cost, order.totalAmount]).toEqual([2500, 150, 2650]);
  });

  it('the admin adds a courier with a zone and edits a pickup point', async () => {
    const page = await browser.newPage({ viewport: desktop });
    await signInToAdmin(page, t.baseUrl);
    await page.getByRole('link', { name: 'Доставка' }).click();
    await page.getByRole('heading', { name: 'Доставка', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'Самовывоз из магазина' }).waitFor();
    await expectAccessible(page, '/admin/delivery');
    await screenshot(page, 'delivery-admin-list');

    await page.getByRole('link', { name: 'Добавить способ' }).click();
    await page.getByRole('heading', { name: 'Новый способ доставки' }).waitFor();
    await page.getByRole('combobox', { name: 'Вид доставки' }).click();
    await page.getByRole('option', { name: 'Курьер' }).click();
    await page.getByRole('textbox', { name: 'Название', exact: true }).fill('Курьер по Казани');
    await page.getByLabel('Название зоны').fill('Казань и пригороды');
    await page.getByRole('combobox', { name: 'Города' }).fill('Казань');
    await page.getByRole('combobox', { name: 'Города' }).press('Enter');
    await page.getByLabel('Цена').fill('290');
    await page.getByLabel('Бесплатно от').fill('4000');
    await page.getByLabel('Срок от').fill('1');
    await page.getByLabel('Срок до').fill('2');
    await expectAccessible(page, 'the delivery method form');
    await screenshot(page, 'delivery-admin-method');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Способ доставки добавлен').waitFor();
    const row = page.getByRole('row', { name: /Курьер по Казани/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Казань и пригороды: 290\s₽, бесплатно от 4\s000\s₽/);

    // The shop now delivers to Казань: the public quote says so and prices it by the zone.
    const quote = await t.trpc().delivery.options.query({});
    const kazan = quote.methods.find((method) => method.name === 'Курьер по Казани');
    expect(kazan?.zones.map((zone) => [zone.cities, zone.price, zone.freeFrom])).toEqual([[['Казань'], 290, 4000]]);

    await page.getByRole('link', { name: 'Магазин на Арбате' }).click();
    await page.getByRole('heading', { name: 'Пункт самовывоза: Магазин на Арбате' }).waitFor();
    expect(await page.getByRole('link', { name: /Проверить на Яндекс Картах/ }).getAttribute('href')).toContain('37.593,55.751');
    await page.getByLabel('Часы работы').fill('Пн–Пт 09:00–21:00');
    await expectAccessible(page, 'the pickup point form');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Пункт самовывоза сохранён').waitFor();
    await page.getByRole('row', { name: /Магазин на Арбате.*Пн–Пт 09:00–21:00/ }).waitFor();
    const points = await t.trpc().delivery.pickupPoints.list.query({});
    expect(points.find((point) => point.name === 'Магазин на Арбате')?.hours).toBe('Пн–Пт 09:00–21:00');
    await page.close();
  });

  it('the admin sees the order’s delivery and changes it to a courier while it is new', async () => {
    expect(orderId).not.toBe('');
    const page = await browser.newPage({ viewport: desktop });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/checkouts/${orderId}`);
    await page.getByRole('heading', { name: `Заказ № ${orderId}` }).waitFor();
    const delivery = page.getByTestId('order-delivery');
    await expect.poll(() => delivery.textContent()).toContain('Магазин на Тверской');
    const form = page.getByRole('form', { name: 'Доставка заказа' });
    await form.getByRole('combobox', { name: 'Способ доставки' }).click();
    await page.getByRole('option', { name: 'Курьер по Москве (Курьер)' }).click();
    await form.getByLabel('Город').fill('Москва');
    await form.getByLabel('Индекс').fill('125009');
    await form.getByLabel('Адрес').fill('ул. Тверская, д. 7, кв. 3');
    await expectAccessible(page, 'the admin order page with the delivery form');
    await form.getByRole('button', { name: 'Сохранить доставку' }).click();
    await page.getByText('Доставка заказа сохранена').waitFor();
    await expect.poll(() => delivery.textContent()).toContain('ул. Тверская, д. 7, кв. 3');
    expect(await delivery.textContent()).toContain('Курьер по Москве');
    await expect.poll(() => page.getByTestId('order-total').textContent()).toMatch(rubles('2 850'));
    await screenshot(page, 'delivery-admin-order');
    await page.close();
  });

  it('the home page promises free delivery from the shop’s lowest threshold', async () => {
    // The courier to Казань the admin added is free from 4 000 ₽, below the others' 5 000 ₽.
    expect((await t.trpc().delivery.options.query({})).freeFrom).toBe(4000);
    const page = await browser.newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await page.goto(`${t.baseUrl}/`);
    const promise = page.getByText(/^Бесплатная доставка при заказе от/);
    await expect.poll(() => promise.textContent(), { timeout: 15_000 }).toMatch(/^Бесплатная доставка при заказе от 4\s000\s₽ и примерка перед покупкой\.$/);
    await page.close();
  });
});
