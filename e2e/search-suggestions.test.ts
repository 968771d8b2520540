import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, startBrowserApp } from './support/browser.js';

/** The header's suggestions and the empty results page (docs/search.md, "Suggestions and popular searches"). */

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

const viewports = [
  { name: 'phone', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  const api = t.trpc(await t.signInAdmin());
  const shoes = await api.catalogue.categories.create.mutate({ name: 'Обувь', url: 'obuv' });
  const sneakers = await api.catalogue.categories.create.mutate({ name: 'Кроссовки', url: 'krossovki', parentId: shoes.id });
  const outerwear = await api.catalogue.categories.create.mutate({ name: 'Верхняя одежда', url: 'verkhnyaya-odezhda' });
  const nike = await api.catalogue.brands.create.mutate({ name: 'Nike', url: 'nike', synonyms: ['найк'] });
  const hit = await api.catalogue.tags.create.mutate({ name: 'Хит продаж', url: 'hit-prodazh' });
  await api.catalogue.products.create.mutate({
    name: 'Кроссовки беговые',
    url: 'krossovki-begovye',
    categories: [sneakers.id],
    brands: [nike.id],
    tags: [hit.id],
    variants: [{ article: 'KR-001', price: 5990, stock: 4 }],
  });
  await api.catalogue.products.create.mutate({
    name: 'Куртка утеплённая',
    url: 'kurtka-uteplennaya',
    categories: [outerwear.id],
    variants: [{ article: 'KU-001', price: 9990, stock: 2 }],
  });
  // What other shoppers searched for most.
  await t.db.insertInto('popularSearches').values({ query: 'куртка', count: 7 }).execute();
}, 120_000);

afterAll(() => close?.());

async function expectAccessible(page: Page): Promise<void> {
  expect(describeViolations(await seriousAxeViolations(page))).toBe('');
}

describe.each(viewports)('header search on a $name', ({ name, viewport, isMobile, hasTouch }) => {
  it('suggests categories and brands above products, closes on Enter, remembers searches and helps when nothing is found', async () => {
    const page = await browser.newPage({ viewport, isMobile, hasTouch });
    await page.goto(`${t.baseUrl}/`);
    const search = page.getByRole('search').getByLabel('Поиск товаров');
    await search.click();
    const listbox = page.getByRole('listbox');

    // Nothing typed yet: the shop's popular searches.
    await listbox.getByRole('group', { name: 'Популярные запросы' }).getByRole('option', { name: 'куртка' }).waitFor();

    // «крос»: the category, named with its parent, stands above the products.
    await search.fill('крос');
    const category = listbox.getByRole('group', { name: 'Категории' }).getByRole('option', { name: 'Кроссовки в Обуви' });
    await category.waitFor();
    await listbox.getByRole('group', { name: 'Товары' }).getByRole('option', { name: /Кроссовки беговые/ }).waitFor();
    const listText = (await listbox.textContent()) ?? '';
    expect(listText.indexOf('Категории')).toBeGreaterThanOrEqual(0);
    expect(listText.indexOf('Категории')).toBeLessThan(listText.indexOf('Товары'));
    await screenshot(page, `search-suggestions-${name}`);
    await expectAccessible(page);

    // A brand by its Russian synonym; picking it opens the brand's filter.
    await search.fill('найк');
    const brand = listbox.getByRole('group', { name: 'Бренды' }).getByRole('option', { name: 'Nike' });
    await brand.click();
    await page.waitForURL(/\/catalog\?brands=nike$/);
    await listbox.waitFor({ state: 'detached' });

    // Enter: the list closes and the results page shows.
    await search.click();
    await search.fill('кроссовки');
    await category.waitFor();
    await search.press('Enter');
    await page.waitForURL(/\/catalog\?name=/);
    await page.getByRole('heading', { name: 'Поиск: «кроссовки»' }).waitFor();
    await listbox.waitFor({ state: 'detached' });
    await page.getByRole('main').getByRole('link', { name: /Кроссовки беговые/ }).first().waitFor();
    // On a phone the input lets go of the focus so the keyboard hides.
    if (isMobile) expect(await search.evaluate((input) => input === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)).toBe(false);
    await expectAccessible(page);

    // Focus with nothing typed: this device's recent searches.
    await search.fill('');
    await search.click();
    const recent = listbox.getByRole('group', { name: 'Недавние запросы' });
    await recent.getByRole('option', { name: 'кроссовки' }).waitFor();
    await screenshot(page, `search-recent-${name}`);
    await expectAccessible(page);
    await search.press('Escape');

    // A text nothing matches: «Возможно, вы искали» and popular products instead of an empty page.
    await search.fill('zzqxwv');
    await search.press('Enter');
    await page.getByRole('heading', { name: 'Поиск: «zzqxwv»' }).waitFor();
    await page.getByText('Ничего не найдено').waitFor();
    const maybe = page.getByTestId('search-suggestions');
    await maybe.getByText('Возможно, вы искали:').waitFor();
    await maybe.getByRole('link', { name: 'куртка' }).waitFor();
    const popular = page.getByRole('region', { name: 'Популярные товары' });
    await popular.getByRole('link', { name: /Кроссовки беговые/ }).first().waitFor();
    await screenshot(page, `search-nothing-${name}`);
    await expectAccessible(page);

    // The recent searches can be cleared.
    await search.fill('');
    await search.click();
    await recent.getByRole('option', { name: 'Очистить недавние запросы' }).click();
    await recent.waitFor({ state: 'detached' });
    await page.close();
  });
});
