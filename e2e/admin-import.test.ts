import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvFile, setUpIoShop } from '../tests/support/catalogue-io-support.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

/**
 * The catalogue import in the back office (docs/catalogue-import.md): from the product list to the
 * import screen, a file with a problem row is checked and shown row by row, the fixed file is
 * applied, the progress reaches 100% and the product is in the list. Each state passes axe.
 */

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

async function expectNoAxeViolations(page: Parameters<typeof seriousAxeViolations>[0], where: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

const rows = (size: string) => [
  `PARKA-R/S;Парка импортная;parka-import;Тёплая;да;Одежда / Куртки;Север;PARKA-R;Красный;4500;;S;3;;`,
  `PARKA-R/${size};Парка импортная;parka-import;Тёплая;да;Одежда / Куртки;Север;PARKA-R;Красный;4500;;${size};2;;`,
];

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  await setUpIoShop(t);
});
afterAll(() => close?.());

describe('admin: catalogue import', () => {
  it('checks a file, shows its problem row, applies the fixed file with a progress bar to 100%', async () => {
    const page = await browser.newPage();
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/products`);
    await page.getByRole('button', { name: 'Выгрузить CSV' }).waitFor();
    await page.getByRole('link', { name: 'Загрузить CSV' }).click();
    await page.getByRole('heading', { name: 'Загрузка каталога из CSV' }).waitFor();

    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csvFile(rows('XXL'))) });
    await page.getByRole('button', { name: 'Проверить' }).click();
    const problems = page.getByRole('table', { name: 'Проблемы строк файла' });
    await problems.getByText('Размер «XXL» не найден в каталоге').waitFor();
    await expect.poll(() => problems.getByRole('row').count()).toBe(2);
    await expect.poll(() => page.getByRole('button', { name: 'Загрузить в каталог' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'import check with a problem row');
    await screenshot(page, 'admin-import-problems');

    await input.setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csvFile(rows('M'))) });
    await page.getByRole('button', { name: 'Проверить' }).click();
    await page.getByText('Новых товаров: 1').waitFor();
    await page.getByRole('button', { name: 'Загрузить в каталог' }).click();
    await page.getByTestId('import-progress').getByText(/^100%/).waitFor();
    await page.getByText('Каталог загружен').waitFor();
    await expect.poll(() => page.getByRole('progressbar', { name: 'Ход загрузки' }).getAttribute('aria-valuenow')).toBe('100');
    await expectNoAxeViolations(page, 'import done');
    await screenshot(page, 'admin-import-done');

    await page.getByRole('link', { name: 'К списку товаров' }).click();
    await page.getByRole('link', { name: 'Парка импортная' }).first().waitFor();
    await page.close();
  });
});
