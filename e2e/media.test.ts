import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import type { TestApp } from '../tests/support/harness.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

/** About a megabyte of photo-like noise: big enough to watch its upload progress on a slowed link. */
function bigPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#a0b4c8', noise: { type: 'gaussian', mean: 140, sigma: 40 } } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Slows the page's uploads so that the progress bar is visible for a few seconds. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 10, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

/** Runs in the page: the natural width of a loaded <img>, 0 while it loads or when it failed. */
function loadedWidth(element: unknown): number {
  const img = element as { complete: boolean; naturalWidth: number };
  return img.complete ? img.naturalWidth : 0;
}

/** Runs in the page: how far the page is wider than the window (> 0 means a sideways scroll). */
function horizontalOverflow(): number {
  const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
  return root.scrollWidth - root.clientWidth;
}

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
});
afterAll(() => close?.());

describe('admin: image library', () => {
  it('uploads a file with a progress bar, shows it in the library, refuses to delete it while used, then deletes it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/images`);
    await page.getByRole('heading', { name: 'Изображения' }).waitFor();
    await page.getByText('Ничего не найдено').waitFor();

    const photo = await bigPhoto();
    await throttleUploads(page, 256 * 1024);
    await page.locator('input[type=file]').setInputFiles({ name: 'диван-синий.jpg', mimeType: 'image/jpeg', buffer: photo });

    // The bar moves while the bytes go up.
    const bar = page.getByTestId('upload-progress').getByRole('progressbar');
    await bar.waitFor();
    await expect
      .poll(async () => {
        const value = Number(await bar.getAttribute('aria-valuenow'));
        return value > 0 && value < 100;
      })
      .toBe(true);
    await screenshot(page, 'media-upload-progress');
    await page.getByText('Изображение загружено').waitFor({ timeout: 30_000 });
    await bar.waitFor({ state: 'detached' });
    await throttleUploads(page, -1);

    const row = page.getByRole('row', { name: /диван-синий\.jpg/ });
    await row.waitFor();
    const thumbnail = row.getByRole('img', { name: 'диван-синий.jpg' });
    await expect.poll(() => thumbnail.evaluate(loadedWidth)).toBeGreaterThan(0);
    expect(await thumbnail.getAttribute('srcset')).toContain('?w=200 200w');
    const listed = await t.db.selectFrom('images').select(['name', 'originalName', 'mimeType', 'size']).execute();
    expect(listed).toEqual([{ name: expect.stringMatching(/^[0-9a-f]{32}\.webp$/) as unknown, originalName: 'диван-синий.jpg', mimeType: 'image/jpeg', size: photo.length }]);
    await screenshot(page, 'media-library');

    // In use by a brand: the refusal names it.
    const name = listed[0]!.name;
    const brand = await t.db.insertInto('brands').values({ name: 'Уют', url: 'uyut', image: name }).returning('id').executeTakeFirstOrThrow();
    await row.getByRole('button', { name: 'Удалить диван-синий.jpg' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await page.getByText(`${domainMessages.imageInUsePrefix}брендах: ${brand.id}`).waitFor();

    await t.db.deleteFrom('brands').execute();
    await row.getByRole('button', { name: 'Удалить диван-синий.jpg' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Изображение удалено').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await t.db.selectFrom('images').select('name').execute()).toEqual([]);
    await page.close();
  });

  it('fits a 360-pixel phone', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/images`);
    await page.locator('input[type=file]').setInputFiles([
      { name: 'кресло.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e9d8a6' } }).png().toBuffer() },
    ]);
    // On a phone each image is a card (no table to scroll sideways).
    await page.getByText('кресло.png', { exact: true }).filter({ visible: true }).waitFor();
    const overflow = await page.evaluate(horizontalOverflow);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'media-library-phone');
    await page.close();
  });
});

describe('admin: the image field of a form', () => {
  it('uploads into the brand logo field, replaces it with one picked from the library, and removes it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/brands/create-brand`);
    const field = page.locator('.mantine-InputWrapper-root', { hasText: 'Логотип' }).first();
    await field.locator('input[type=file]').setInputFiles({
      name: 'логотип.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 600, height: 300, channels: 3, background: '#1971c2' } }).png().toBuffer(),
    });
    const items = field.getByTestId('image-input-item');
    await expect.poll(() => items.count()).toBe(1);
    await items.first().getByRole('img', { name: 'логотип.png' }).waitFor();

    // Pick another from the library: a single-image field holds one.
    await field.getByRole('button', { name: 'Из библиотеки' }).click();
    const dialog = page.getByRole('dialog', { name: 'Изображения из библиотеки' });
    await dialog.getByRole('button', { name: 'Выбрать кресло.png' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => items.count()).toBe(1);
    await items.first().getByRole('img', { name: 'кресло.png' }).waitFor();
    await screenshot(page, 'media-image-input');

    await items.first().getByRole('button', { name: 'Убрать кресло.png' }).click();
    await expect.poll(() => items.count()).toBe(0);
    await page.close();
  });
});
