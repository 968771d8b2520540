import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;
let adminToken: string;

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

/** A product photo stand-in: a coloured card with a light "shoe" shape, as a PNG. */
function photo(background: string, shape: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="${background}"/>` +
    `<path d="M90 470 q40-120 150-110 q60 5 110 60 q80 10 150 40 q30 20 10 60 h-400 q-30 0-20-50z" fill="${shape}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function uploadImage(bytes: Buffer, fileName: string): Promise<string> {
  const body = new FormData();
  body.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), fileName);
  const response = await fetch(`${t.baseUrl}/api/images`, { method: 'POST', body, headers: { authorization: `Bearer ${adminToken}` } });
  expect(response.status).toBe(200);
  const names = (await response.json()) as string[];
  return names[0]!;
}

/** Price text as formatRubles prints it («4 990 ₽» with no-break spaces). */
const rubles = (digits: string) => new RegExp(`^${digits.replace(' ', '\\s')}\\s₽$`);

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  adminToken = await t.signInAdmin();

  // What the admin's product is filed under, and a jacket that the shopper's filters must leave out.
  const api = t.trpc(adminToken);
  const shoes = await api.catalogue.categories.create.mutate({ name: 'Обувь', url: 'obuv', parameters: ['Материал', 'Сезон'] });
  await api.catalogue.categories.create.mutate({ name: 'Кроссовки', url: 'krossovki', parentId: shoes.id, parameters: ['Тип подошвы'] });
  const outerwear = await api.catalogue.categories.create.mutate({ name: 'Верхняя одежда', url: 'verkhnyaya-odezhda' });
  const black = await api.catalogue.colors.create.mutate({ name: 'Чёрный', url: 'chernyy', code: '#1f1f1f' });
  await api.catalogue.colors.create.mutate({ name: 'Белый', url: 'belyy', code: '#f5f5f5' });
  await api.catalogue.brands.create.mutate({ name: 'Северный ветер', url: 'severnyy-veter' });
  for (const name of ['41', '42', '43']) await api.catalogue.sizes.create.mutate({ name, url: name });
  const jacketPhoto = await uploadImage(await photo('#334155', '#0f172a'), 'jacket.png');
  await api.catalogue.products.create.mutate({
    name: 'Куртка утеплённая',
    url: 'kurtka-uteplennaya',
    categories: [outerwear.id],
    variants: [{ article: 'KU-001', colorId: black.id, price: 9990, stock: 4, images: [jacketPhoto] }],
  });
}, 120_000);

afterAll(() => close?.());

async function pickOption(page: Page, scope: ReturnType<Page['locator']> | Page, label: string | RegExp, option: string) {
  await scope.getByLabel(label).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('catalogue', () => {
  it('admin creates a product with two variants in the admin screens', async () => {
    const page = await browser.newPage({ viewport: desktop });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/products`);
    await page.getByRole('link', { name: 'Новый товар' }).click();
    await page.waitForURL(/\/admin\/products\/create-product$/);
    await expect.poll(() => page.title()).toBe('Новый товар — Магазин');

    await page.getByLabel('Название').fill('Кроссовки беговые Ветер');
    await expect.poll(() => page.getByLabel('Адрес (url)').inputValue()).toBe('krossovki-begovye-veter');
    await page.getByLabel('Описание').fill('Лёгкие кроссовки для бега по городу.\nДышащий верх, амортизирующая подошва.');

    await pickOption(page, page, 'Категории', 'Обувь / Кроссовки');
    await pickOption(page, page, 'Бренд', 'Северный ветер');
    await pickOption(page, page, 'Размеры', '42');
    await pickOption(page, page, 'Размеры', '43');
    // The chosen category and its parent declare these characteristics.
    await page.getByLabel('Материал').fill('Текстиль');
    await page.getByLabel('Тип подошвы').fill('Пена EVA');

    const first = page.getByRole('group', { name: 'Вариант 1' });
    await first.getByLabel('Артикул').fill('KR-001-BK');
    await pickOption(page, first, /^Цвет/, 'Чёрный');
    await first.getByLabel(/^Цена/).fill('4990');
    await first.getByLabel(/^Старая цена/).fill('6990');
    await first.locator('input[type=file]').setInputFiles({ name: 'black.png', mimeType: 'image/png', buffer: await photo('#e2e8f0', '#111827') });
    await first.getByTestId('image-input-item').waitFor();

    await page.getByRole('button', { name: 'Добавить вариант' }).click();
    const second = page.getByRole('group', { name: 'Вариант 2' });
    await second.getByLabel('Артикул').fill('KR-001-WT');
    await pickOption(page, second, /^Цвет/, 'Белый');
    await second.getByLabel(/^Цена/).fill('5490');
    await second.locator('input[type=file]').setInputFiles({ name: 'white.png', mimeType: 'image/png', buffer: await photo('#cbd5e1', '#ffffff') });
    await second.getByTestId('image-input-item').waitFor();
    // Stock per colour and size, in the grid (the colours' sums are 5 and 3).
    await page.getByLabel('Остаток: Чёрный (KR-001-BK), размер 42').fill('2');
    await page.getByLabel('Остаток: Чёрный (KR-001-BK), размер 43').fill('3');
    await page.getByLabel('Остаток: Белый (KR-001-WT), размер 42').fill('3');
    await screenshot(page, 'catalogue-admin-product-form');

    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Товар создан').waitFor();
    await page.waitForURL(/\/admin\/products$/);
    await page.getByRole('row', { name: /Кроссовки беговые Ветер/ }).waitFor();
    await screenshot(page, 'catalogue-admin-products');

    const saved = await t.trpc().catalogue.products.byUrl.query({ url: 'krossovki-begovye-veter' });
    expect(saved.variants.map((variant) => [variant.article, variant.color?.url, variant.price, variant.oldPrice, variant.stock])).toEqual([
      ['KR-001-BK', 'chernyy', 4990, 6990, 5],
      ['KR-001-WT', 'belyy', 5490, null, 3],
    ]);
    expect(saved.parameters).toEqual({ Материал: 'Текстиль', 'Тип подошвы': 'Пена EVA' });
    expect(saved.sizes.map((size) => size.name)).toEqual(['42', '43']);
    await page.close();
  });

  it('shopper filters the catalogue on a desktop, opens the product and switches variants', async () => {
    const page = await browser.newPage({ viewport: desktop });
    await page.goto(`${t.baseUrl}/catalog`);
    await expect.poll(() => page.title()).toBe('Каталог — Магазин');
    const cards = page.getByRole('main').getByRole('link', { name: /Кроссовки беговые Ветер|Куртка утеплённая/ });
    await expect.poll(() => cards.count()).toBe(2);

    // A parent category includes its subcategories; the price bound leaves the jacket out too.
    const filters = page.getByRole('complementary', { name: 'Фильтры' });
    await filters.getByLabel('Обувь', { exact: true }).click();
    await page.waitForURL(/categories=obuv/);
    await filters.getByLabel('Белый', { exact: true }).click();
    await page.waitForURL(/colors=belyy/);
    await filters.getByLabel('Цена до').fill('6000');
    await filters.getByLabel('Цена до').press('Enter');
    await page.waitForURL(/maxPrice=6000/);
    await expect.poll(() => cards.count()).toBe(1);
    await expect.poll(() => page.getByTestId('catalogue-count').textContent()).toBe('1 товар');
    await expect.poll(() => page.title()).toBe('Обувь — Магазин');
    await screenshot(page, 'catalogue-desktop');

    // The filtered page is a shareable link: opening it again gives the same result.
    const shared = page.url();
    await page.goto(shared);
    await expect.poll(() => cards.count()).toBe(1);
    await expect.poll(() => filters.getByLabel('Белый', { exact: true }).isChecked()).toBe(true);

    await cards.first().click();
    await page.waitForURL(/\/product\/krossovki-begovye-veter/);
    await page.getByRole('heading', { name: 'Кроссовки беговые Ветер' }).waitFor();
    await expect.poll(() => page.title()).toBe('Кроссовки беговые Ветер — Магазин');
    const price = page.getByRole('main').getByTestId('price').first();
    expect(await price.textContent()).toMatch(rubles('4 990'));
    await page.getByLabel(/Старая цена 6\s990/).waitFor();
    await page.getByText('Осталось 5 шт.').waitFor();
    await page.getByRole('cell', { name: 'Текстиль' }).waitFor();

    await page.getByRole('radio', { name: 'Белый' }).click();
    await expect.poll(() => price.textContent()).toMatch(rubles('5 490'));
    await page.waitForURL(/variant=\d+/);
    await page.getByText('Цвет: Белый').waitFor();
    await page.getByText('Артикул: KR-001-WT').waitFor();
    await page.getByText('Осталось 3 шт.').waitFor();
    await page.getByText('42', { exact: true }).click();
    await page.waitForURL(/size=42/);
    await screenshot(page, 'product-desktop');
    await page.close();
  });

  it('shopper on a phone uses the filter drawer, the catalogue menu and search suggestions', async () => {
    const page = await browser.newPage({ viewport: phone, isMobile: true, hasTouch: true });
    await page.goto(`${t.baseUrl}/catalog?sort=price-desc`);
    const cards = page.getByRole('main').getByRole('link', { name: /Кроссовки беговые Ветер|Куртка утеплённая/ });
    await expect.poll(() => cards.count()).toBe(2);
    // The most expensive first.
    expect(await cards.first().textContent()).toContain('Куртка утеплённая');

    await page.getByRole('button', { name: /Фильтры/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Фильтры' });
    await drawer.getByLabel('Верхняя одежда', { exact: true }).click();
    await page.waitForURL(/categories=verkhnyaya-odezhda/);
    await screenshot(page, 'catalogue-phone-filters');
    await drawer.getByRole('button', { name: 'Показать 1 товар' }).click();
    await drawer.waitFor({ state: 'hidden' });
    // The previous list stays on screen while the next loads: wait for the new card itself.
    await expect.poll(() => cards.first().textContent()).toContain('Куртка утеплённая');
    expect(await cards.count()).toBe(1);
    await screenshot(page, 'catalogue-phone');

    // The catalogue menu lists the category tree; a subcategory opens the filtered catalogue.
    await page.getByRole('button', { name: 'Каталог' }).click();
    const menu = page.getByRole('navigation', { name: 'Каталог товаров' });
    await menu.getByRole('link', { name: 'Кроссовки' }).click();
    await page.waitForURL(/\/catalog\?categories=krossovki$/);
    await menu.waitFor({ state: 'detached' });
    // The previous list stays on screen while the next loads: wait for the new card itself.
    await expect.poll(() => cards.first().textContent()).toContain('Кроссовки беговые Ветер');
    expect(await cards.count()).toBe(1);

    // Suggestions while typing; choosing one opens the product.
    const search = page.getByRole('search').getByLabel('Поиск товаров');
    await search.click();
    await search.fill('кроссовки');
    await page.getByRole('option', { name: /Кроссовки беговые Ветер/ }).click();
    await page.waitForURL(/\/product\/krossovki-begovye-veter$/);
    await page.getByRole('heading', { name: 'Кроссовки беговые Ветер' }).waitFor();
    await page.getByRole('radio', { name: 'Белый' }).click();
    await expect.poll(() => page.getByRole('main').getByTestId('price').first().textContent()).toMatch(rubles('5 490'));
    await screenshot(page, 'product-phone');

    // Enter searches the catalogue by name.
    await search.fill('куртка');
    await search.press('Enter');
    await page.waitForURL(/\/catalog\?name=/);
    // The previous list stays on screen while the next loads: wait for the new card itself.
    await expect.poll(() => cards.first().textContent()).toContain('Куртка утеплённая');
    expect(await cards.count()).toBe(1);
    await page.close();
  });

  it('answers an unknown product url with its own page', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${t.baseUrl}/product/net-takogo-tovara`);
    await page.getByRole('heading', { name: 'Товар не найден' }).waitFor();
    await expect.poll(() => page.title()).toBe('Товар не найден — Магазин');
    await page.close();
  });
});
