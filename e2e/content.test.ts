import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';
import { budgetPages, measureFirstLoad, scriptBudgetOf } from './support/first-load.js';

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  await seedDemoData(t.db, { production: false });
}, 180_000);
afterAll(() => close?.());

describe('home page with the demo content', () => {
  it('shows the banner moving by itself (and pausing under the pointer), the product carousels filled, brands and news', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${t.baseUrl}/`);
    const banner = page.locator('section[aria-label="Акции магазина"]');
    await banner.waitFor();
    const slideLinks = banner.locator('a[href^="/"]');
    expect(await slideLinks.count()).toBe(3);
    const activeIndicator = async () => Number(await banner.getAttribute('data-current'));
    await page.mouse.move(0, 0);
    expect(await activeIndicator()).toBe(0);
    expect(await banner.getAttribute('data-autoplay')).toBe('on');
    await expect.poll(activeIndicator, { timeout: 9000, interval: 250 }).toBe(1);

    // Pointer over the banner: it stops.
    await banner.hover();
    expect(await banner.getAttribute('data-autoplay')).toBe('off');
    await page.mouse.move(0, 0);
    expect(await banner.getAttribute('data-autoplay')).toBe('on');

    for (const tag of ['hit-prodazh', 'novinka']) {
      const carousel = page.locator(`[data-carousel="${tag}"]`);
      await carousel.locator('a[href^="/product/"]').first().waitFor();
      expect(await carousel.locator('a[href^="/product/"]').count(), tag).toBeGreaterThanOrEqual(4);
    }
    const brands = page.locator('section[aria-label="Бренды"] a[href*="brands="]');
    await brands.first().waitFor();
    expect(await brands.count()).toBeGreaterThanOrEqual(3);
    const news = page.locator('section[aria-label="Новости"] a[href^="/news/"]');
    await news.first().waitFor();
    expect(await news.count()).toBe(2);
    await screenshot(page, 'content-home');

    await news.first().click();
    await page.waitForURL(/\/news\/otkrytie-osennego-sezona$/);
    await page.getByRole('heading', { name: 'Открываем осенний сезон' }).waitFor();
    expect(await page.locator('[data-news-body] h2').textContent()).toBe('Осень в «Магазине»');
    await page.close();
  });

  it('loads the subscription form as the shopper scrolls near it, then subscribes', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${t.baseUrl}/`);
    await page.locator('section[aria-label="Акции магазина"]').waitFor();
    await page.waitForLoadState('networkidle');
    // Far below the fold: neither the form nor its code is there on the first load.
    expect(await page.locator('#subscribe-title').count()).toBe(0);
    await page.mouse.wheel(0, 20_000);
    await page.getByRole('heading', { name: 'Подписка на новости' }).waitFor();
    const email = page.getByRole('textbox', { name: 'E-mail' });
    await email.fill('не адрес');
    await page.getByRole('button', { name: 'Подписаться' }).click();
    await page.getByText('Введите корректный e-mail').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await email.fill('scroll-reader@example.ru');
    await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await page.getByRole('button', { name: 'Подписаться' }).click();
    await page.getByText('Вы подписаны!').waitFor();
    await page.close();
  });

  it('keeps the first load of /, /catalog and a product page within the script budget, as transferred', async () => {
    for (const path of await budgetPages(t.db)) {
      const load = await measureFirstLoad(browser, t.baseUrl, path);
      const listing = load.each.map((file) => `${(file.encoded / 1024).toFixed(1)} KB ${file.url}`).join('\n');
      expect(load.scriptBytes, `${path}: scripts over ${scriptBudgetOf(path)} KB\n${listing}`).toBeLessThanOrEqual(scriptBudgetOf(path) * 1024);
      // Compressed as served: far less than the scripts' own size.
      expect(load.scriptBytes + load.styleBytes).toBeLessThan(load.decodedBytes / 3);
    }
  });

  it('has no serious or critical axe violation on / and /news', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const path of ['/', '/news', '/news/nedelya-skidok', '/check/DEMO-GENUINE-0001']) {
      await page.goto(`${t.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      const violations = await seriousAxeViolations(page);
      expect(violations, `${path}\n${describeViolations(violations)}`).toEqual([]);
    }
    await page.close();
  });
});

describe('admin: the banner', () => {
  it('replaces the slide list: removes one, reorders, adds one from the library, saves all at once', async () => {
    const before = await t.trpc().content.slides.list.query({});
    const [first, second, third] = before.rows;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/banners`);
    await page.getByRole('link', { name: 'Изменить слайды' }).click();
    await page.waitForURL(/\/admin\/banners\/update-banner$/);
    await page.locator('[data-slide-editor]').nth(2).waitFor();

    await page.getByRole('button', { name: 'Удалить слайд 1' }).click();
    await page.getByRole('button', { name: 'Слайд 2 выше' }).click();
    await page.getByRole('button', { name: 'Добавить слайды' }).click();
    const dialog = page.getByRole('dialog', { name: 'Изображения из библиотеки' });
    await dialog.getByLabel('Поиск по имени файла').fill('logo-nike');
    await dialog.getByRole('button', { name: /^Выбрать logo-nike/ }).first().click();
    await dialog.getByRole('button', { name: /Добавить/ }).click();
    await page.locator('[data-slide-editor]').nth(2).waitFor();
    await page.getByLabel('Ссылка').nth(2).fill('/catalog?brands=nike');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Баннер обновлён').waitFor();
    await page.waitForURL(/\/admin\/banners$/);

    const after = await t.trpc().content.slides.list.query({});
    expect(after.rows.map((row) => row.image).slice(0, 2)).toEqual([third!.image, second!.image]);
    expect(after.rows).toHaveLength(3);
    expect(after.rows[2]).toMatchObject({ link: '/catalog?brands=nike', position: 2 });
    expect(after.rows.map((row) => row.image)).not.toContain(first!.image);
    await screenshot(page, 'content-admin-banners');
    await page.close();
  });
});
