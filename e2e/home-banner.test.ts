import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  await seedDemoData(t.db, { production: false });
}, 180_000);
afterAll(() => close?.());

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box;
}

/** The home page with the banner standing still (reduced motion pauses it), and its first slide. */
async function openHome(viewport: { width: number; height: number }): Promise<{ page: Page; banner: Locator; slide: Locator }> {
  const page = await browser.newPage({ viewport });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${t.baseUrl}/`);
  const banner = page.locator('section[aria-label="Акции магазина"]');
  const slide = banner.locator('[aria-roledescription="слайд"][aria-label="1 из 3"]');
  await slide.locator('h2').waitFor();
  return { page, banner, slide };
}

describe('the home banner reads as text on a phone and on a desktop', () => {
  for (const viewport of [
    { name: 'phone', width: 360, height: 740 },
    { name: 'desktop', width: 1280, height: 900 },
  ]) {
    it(`${viewport.name} (${viewport.width} px): a title of at least 20 px, arrows clear of the text, a working button, axe clean`, async () => {
      const { page, banner, slide } = await openHome(viewport);
      const title = slide.locator('h2');
      expect((await title.textContent())?.replace(/\s/g, ' ')).toMatch(/^Бесплатная доставка от 5 000 ₽$/);
      const fontSize = await title.evaluate((element) => Number.parseFloat((globalThis as unknown as { getComputedStyle: (node: unknown) => { fontSize: string } }).getComputedStyle(element).fontSize));
      expect(fontSize).toBeGreaterThanOrEqual(20);
      // The picture is decoration: the text carries the meaning.
      expect(await slide.locator('img').getAttribute('alt')).toBe('');

      const text = [await boxOf(title), await boxOf(slide.locator('p')), await boxOf(slide.getByRole('link', { name: 'Перейти в каталог' }))];
      for (const name of ['Предыдущий слайд', 'Следующий слайд', 'Остановить показ слайдов', 'Продолжить показ слайдов']) {
        const control = banner.getByRole('button', { name, exact: true });
        if (!(await control.count())) continue;
        const box = await boxOf(control);
        for (const part of text) expect(overlaps(box, part), `${name} over the slide's text`).toBe(false);
      }
      await screenshot(page, `home-banner-${viewport.name}`);
      const violations = await seriousAxeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);

      // The other slides speak of pickup points and size charts.
      await banner.getByRole('button', { name: 'Следующий слайд' }).click();
      await expect.poll(() => banner.getAttribute('data-current')).toBe('1');
      expect(await banner.locator('[aria-label="2 из 3"] h2').textContent()).toBe('Самовывоз из пунктов выдачи в Москве');
      expect(await banner.locator('[aria-label="3 из 3"] p').textContent()).toContain('«Таблица размеров»');
      await banner.getByRole('button', { name: 'Предыдущий слайд' }).click();
      await expect.poll(() => banner.getAttribute('data-current')).toBe('0');

      await slide.getByRole('link', { name: 'Перейти в каталог' }).click();
      await page.waitForURL(/\/catalog$/);
      await page.close();
    });
  }
});

describe('admin: the slide text', () => {
  it('refuses a heading over its limit, then saves a new heading that the home page shows', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/banners/update-banner`);
    const title = page.getByLabel('Заголовок слайда 1', { exact: true });
    await title.fill('я'.repeat(121));
    await page.getByText('Заголовок — не длиннее 120 символов').first().waitFor();
    await title.fill('Новая коллекция курток');
    await page.getByLabel('Подзаголовок слайда 1', { exact: true }).fill('Тёплые парки и пуховики');
    await page.getByLabel('Текст кнопки слайда 1', { exact: true }).fill('Смотреть куртки');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/\/admin\/banners$/);
    await page.close();

    const { page: home, slide } = await openHome({ width: 360, height: 740 });
    expect(await slide.locator('h2').textContent()).toBe('Новая коллекция курток');
    expect(await slide.locator('p').textContent()).toBe('Тёплые парки и пуховики');
    await slide.getByRole('link', { name: 'Смотреть куртки' }).waitFor();
    await home.close();
  });
});
