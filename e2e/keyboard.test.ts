import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { signInToAdmin, startBrowserApp } from './support/browser.js';

/**
 * The whole path with the keyboard alone (Tab, Shift+Tab, Space, Enter, arrows), on a desktop and
 * on a 360-pixel phone: the skip links, the catalogue's first product, a size chosen with Space
 * (the focus stays on its chip), the basket, the checkout form and the order's confirmation; axe
 * after every step, drawers included.
 */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

const productName = 'Кеды «Клавиатурные»';

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  // The demo catalogue: a sidebar of filters long enough to need the skip link.
  await seedDemoData(t.db, { production: false });
  const api = t.trpc(await t.signInAdmin());
  const sizes = await api.catalogue.sizes.list.query({});
  const chosen = sizes.rows.slice(0, 3).map((size) => size.id);
  // The newest product: the first card of «Сначала новые».
  await api.catalogue.products.create.mutate({
    name: productName,
    url: 'kedy-klaviaturnye',
    sizes: chosen,
    variants: [{ article: 'KB-001', price: 3990, items: chosen.map((sizeId) => ({ sizeId, stock: 20 })) }],
  });
}, 180_000);

afterAll(() => close?.());

/** What a screen reader would name the focused element, with its tag and role (evaluated in the page). */
const focusedScript = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { tag: 'BODY', name: '', role: '', id: '', checked: false, visible: false };
  const byIds = (ids) => ids.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  const name = el.getAttribute('aria-label')
    ?? (el.getAttribute('aria-labelledby') ? byIds(el.getAttribute('aria-labelledby')) : null)
    ?? (el.labels && el.labels[0] ? el.labels[0].textContent : null)
    ?? el.textContent ?? '';
  const box = el.getBoundingClientRect();
  return { tag: el.tagName, name: name.replace(/\\s+/g, ' ').trim(), role: el.getAttribute('role') ?? el.getAttribute('type') ?? '', id: el.id, checked: Boolean(el.checked), visible: box.width > 2 && box.height > 2 };
})()`;

interface Focused {
  tag: string;
  name: string;
  role: string;
  id: string;
  checked: boolean;
  visible: boolean;
}

const focused = (page: Page) => page.evaluate<Focused>(focusedScript);

/** Presses Tab (or Shift+Tab) until the focused element matches; answers how many presses it took. */
async function tabTo(page: Page, matches: (element: Focused) => boolean, what: string, max = 40, key = 'Tab'): Promise<number> {
  const seen: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    const element = await focused(page);
    seen.push(`${element.tag} «${element.name}»`);
    if (matches(element)) return presses;
  }
  throw new Error(`${what} not reached in ${max} presses of ${key}:\n${seen.join('\n')}`);
}

const named = (name: string | RegExp) => (element: Focused) => (typeof name === 'string' ? element.name === name : name.test(element.name));

async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(350); // transitions end: axe must see the final colours
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

describe.each([
  ['a desktop', { width: 1280, height: 800 }],
  ['a 360-pixel phone', { width: 360, height: 780 }],
])('with the keyboard alone on %s', (_name, viewport) => {
  it('the shopper goes from the catalogue to a placed order', async () => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${t.baseUrl}/catalog`);
    await page.getByRole('link', { name: new RegExp(productName) }).waitFor();
    await expectAccessible(page, '/catalog');

    // The first two Tab stops are the skip links, shown when focused.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'A', name: 'Перейти к основному содержимому', visible: true });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'A', name: 'Перейти к товарам', visible: true });
    await expectAccessible(page, 'a skip link shown');
    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('catalogue-products');
    // Past the filters: the first card's link within three stops.
    expect(await tabTo(page, (element) => element.tag === 'A' && element.name.includes(productName), 'the first product', 3)).toBeLessThanOrEqual(3);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/product\/kedy-klaviaturnye/);
    await page.getByRole('heading', { name: productName }).waitFor();
    await expectAccessible(page, 'the product page');

    // The focus goes on from where the card was: into the product page, never onto the page body.
    await tabTo(page, (element) => element.tag === 'BODY' || element.role === 'radio', 'the size chips');
    const chip = await focused(page);
    expect(chip.role, 'no Tab stop on the page body').toBe('radio');
    await page.keyboard.press('Space');
    await page.waitForURL(/size=/);
    await page.waitForTimeout(500);
    expect(await focused(page)).toMatchObject({ role: 'radio', name: chip.name, checked: true });
    // The arrows move between sizes (one radio group, one Tab stop), the focus stays on the chips.
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    const next = await focused(page);
    expect(next).toMatchObject({ role: 'radio', checked: true });
    expect(next.name).not.toBe(chip.name);
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(300);
    expect(await focused(page)).toMatchObject({ role: 'radio', name: chip.name, checked: true });
    await expectAccessible(page, 'a size chosen');
    expect(await tabTo(page, named('В корзину'), '«В корзину»', 5)).toBeLessThanOrEqual(5);
    await page.keyboard.press('Enter');

    if (viewport.width >= 768) {
      // A desktop also opens the basket drawer.
      const drawer = page.getByRole('dialog', { name: 'Корзина' });
      await drawer.getByText(productName).waitFor();
      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
      await expectAccessible(page, 'the basket drawer');
      await tabTo(page, named('Перейти в корзину'), '«Перейти в корзину»', 20);
    } else {
      // A phone shows a short confirmation instead of the drawer; «В корзину» became the «− 1 +»
      // stepper, the focus moved onto its «+», and its «В корзине» is the next stop.
      await expect.poll(async () => (await focused(page)).name, { timeout: 10_000 }).toBe(`Увеличить количество: ${productName}`);
      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
      await expectAccessible(page, 'the stepper after adding');
      expect(await tabTo(page, named('В корзине'), '«В корзине»', 3)).toBeLessThanOrEqual(3);
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/cart$/);
    await page.getByRole('heading', { name: 'Корзина' }).first().waitFor();
    await expectAccessible(page, '/cart');
    await tabTo(page, named('Оформить заказ'), '«Оформить заказ»', 40);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout$/);
    await page.getByRole('heading', { name: 'Оформление заказа' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, '/checkout');

    const fill = async (label: string | RegExp, text: string) => {
      await tabTo(page, named(label), String(label), 30);
      await page.keyboard.type(text);
    };
    await fill(/^Имя/, 'Ольга');
    await fill(/^Фамилия/, 'Клавишина');
    await fill(/^Телефон/, '9001234567');
    await fill(/^E-mail/, 'olga.keys@example.test');
    // The courier, chosen with Space among the delivery chips; its address fields follow.
    await tabTo(page, (element) => element.role === 'radio' && element.name.startsWith('Курьер'), 'the courier', 10);
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
    expect(await focused(page)).toMatchObject({ role: 'radio', checked: true });
    expect((await focused(page)).name).toMatch(/^Курьер/);
    await fill(/^Город/, 'Москва');
    await fill(/^Индекс/, '101000');
    await fill(/^Адрес/, 'ул. Тверская, д. 1, кв. 2');
    await tabTo(page, (element) => element.role === 'checkbox' && /персональных данных/.test(element.name), 'the consent', 30);
    await page.keyboard.press('Space');
    expect((await focused(page)).checked).toBe(true);
    await expectAccessible(page, '/checkout filled');
    await tabTo(page, named('Подтвердить заказ'), '«Подтвердить заказ»', 30);
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/checkout\/success\/\d+$/);
    const orderId = /(\d+)$/.exec(page.url())?.[1] ?? '';
    await page.getByRole('heading', { name: `Заказ № ${orderId} оформлен` }).waitFor();
    await expectAccessible(page, 'the order confirmation');
    await page.close();
  });

  it('through the header to a size: no stop on the page body, and the search never takes the focus back', async () => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${t.baseUrl}/product/kedy-klaviaturnye`);
    await page.getByRole('heading', { name: productName }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'A', name: 'Перейти к основному содержимому', visible: true });
    // The search input is passed on the way: its suggestions start loading then.
    const seen: string[] = [];
    await tabTo(
      page,
      (element) => {
        seen.push(element.name);
        return element.tag === 'BODY' || element.role === 'radio';
      },
      'the size chips',
    );
    expect(seen).toContain('Поиск товаров');
    const chip = await focused(page);
    expect(chip.role, `no Tab stop on the page body: ${seen.join(' → ')}`).toBe('radio');
    await page.keyboard.press('Space');
    await page.waitForURL(/size=/);
    // However late the suggestions arrive, the focus stays where the shopper acted.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    expect(await focused(page)).toMatchObject({ role: 'radio', name: chip.name, checked: true });
    expect(await tabTo(page, named('В корзину'), '«В корзину»', 5)).toBeLessThanOrEqual(5);
    // Shift+Tab goes back to the chosen size in as many presses.
    await tabTo(page, (element) => element.role === 'radio', 'the chosen size', 5, 'Shift+Tab');
    expect(await focused(page)).toMatchObject({ name: chip.name, checked: true });
    await page.close();
  });
});

describe('the rest of the keyboard path', () => {
  it('on a phone the row of chosen filters is reached by Tab, shows its focus, and keeps the focus where a filter was removed', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await page.goto(`${t.baseUrl}/catalog?available=1&minPrice=1000`);
    await page.getByRole('link', { name: new RegExp(productName) }).waitFor();
    await expectAccessible(page, '/catalog with filters on a phone');
    await tabTo(page, (element) => element.name.startsWith('Убрать фильтр'), 'a chosen filter\'s cross', 20);
    const cross = await focused(page);
    expect(cross).toMatchObject({ tag: 'BUTTON', visible: true });
    // A visible focus ring: Mantine's focus outline on the cross.
    const outline = await page.evaluate('getComputedStyle(document.activeElement).outlineStyle');
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: /^Убрать фильтр/ }).count()).toBe(1);
    // The focus is on the cross now in the removed one's place, not on the page body.
    await expect.poll(() => focused(page).then((element) => element.name)).toMatch(/^Убрать фильтр/);
    expect((await focused(page)).name).not.toBe(cross.name);
    await expectAccessible(page, '/catalog after removing a filter');
    await page.close();
  });

  it('the news editor is a multi-line textbox named by its label «Текст новости»', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/newsPosts/create-news`);
    const editor = page.getByRole('textbox', { name: 'Текст новости' });
    await editor.waitFor();
    expect(await editor.getAttribute('contenteditable')).toBe('true');
    expect(await editor.getAttribute('aria-multiline')).toBe('true');
    await expectAccessible(page, '/admin/newsPosts/create-news');
    await page.close();
  });
});
