import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/services/accounts/passwords.js';
import type { TestApp } from '../tests/support/harness.js';
import { upload } from '../tests/support/reviews-support.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, showProductFeedback, startBrowserApp } from './support/browser.js';

/** Richer reviews in the browser (docs/reviews.md) on a phone and a desktop: pros, cons, size fit, «Только с фото», the photo strip. */
let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

async function addShopper(email: string, firstName: string, lastName: string): Promise<string> {
  await t.db.insertInto('users').values({ email, firstName, lastName, isVerified: true, passwordHash: await hashPassword('shopper-password') }).execute();
  return (await t.trpc().accounts.auth.signin.mutate({ email, password: 'shopper-password' })).accessToken;
}

async function signInAsShopper(page: Page, email: string): Promise<void> {
  await page.goto(t.baseUrl);
  await page.getByRole('button', { name: 'Войти' }).first().click();
  const panel = page.getByRole('dialog');
  await panel.getByLabel('E-mail').fill(email);
  await panel.getByLabel('Пароль').fill('shopper-password');
  await panel.getByRole('button', { name: 'Войти' }).click();
  await page.getByText('Вы успешно авторизованы!').waitFor();
}

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  const product = await t.db.insertInto('products').values({ name: 'Куртка стёганая', url: 'kurtka-rich', parameters: '{}', extra: '{}' }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('productVariants').values({ productId: product.id, article: 'KS-1', price: 599_000, stock: 5, position: 0 }).execute();
  const size = await t.db.insertInto('sizes').values({ name: 'M', url: 'm' }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('productSizes').values({ productId: product.id, sizeId: size.id }).execute();
  const boris = await addShopper('boris@shop.test', 'Борис', 'Белов');
  const photos = (await upload(t, boris)).body as string[];
  await t.trpc(boris).reviews.reviews.create.mutate({ productId: product.id, rating: 5, text: 'Тёплая и лёгкая.', images: photos, pros: 'Не продувается', sizeFit: 'fits' });
  const galina = await addShopper('galina@shop.test', 'Галина', 'Громова');
  await t.trpc(galina).reviews.reviews.create.mutate({ productId: product.id, rating: 4, text: 'Хорошая, но маркая.', cons: 'Маркая', sizeFit: 'large' });
  await addShopper('vera@shop.test', 'Вера', 'Волкова');
  await addShopper('denis@shop.test', 'Денис', 'Дронов');
}, 120_000);
afterAll(() => close?.());

const viewports = [
  { width: 360, height: 780, email: 'vera@shop.test', name: 'Вера В.', photo: false },
  { width: 1280, height: 900, email: 'denis@shop.test', name: 'Денис Д.', photo: true },
] as const;

describe('richer reviews in the browser', () => {
  for (const view of viewports) {
    it(`at ${view.width} px: the photo strip opens the viewer, «Только с фото» filters, a review with pros, cons and size fit is shown`, async () => {
      const page = await browser.newPage({ viewport: { width: view.width, height: view.height } });
      await signInAsShopper(page, view.email);
      await page.goto(`${t.baseUrl}/product/kurtka-rich`);
      await showProductFeedback(page);
      await page.getByRole('article', { name: 'Отзыв: Галина Г.' }).waitFor();
      await page.getByTestId('size-fit-summary').getByText(/соответствует \d+% · маломерит \d+% · большемерит \d+%/).waitFor();

      // The strip of customers' photos opens the full-screen viewer.
      await page.getByRole('button', { name: /^Фото покупателей: открыть 1 из/ }).click();
      await page.getByRole('dialog', { name: /фото 1 из/ }).waitFor();
      expect(describeViolations(await seriousAxeViolations(page))).toBe('');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: /фото 1 из/ }).waitFor({ state: 'detached' });

      // «Только с фото»: Галина's review (no photos) goes, Борис's stays.
      await page.getByRole('checkbox', { name: 'Только с фото' }).check();
      await page.getByRole('article', { name: 'Отзыв: Галина Г.' }).waitFor({ state: 'detached' });
      await page.getByRole('article', { name: 'Отзыв: Борис Б.' }).waitFor();
      await page.getByRole('checkbox', { name: 'Только с фото' }).uncheck();
      await page.getByRole('article', { name: 'Отзыв: Галина Г.' }).waitFor();

      await page.getByRole('button', { name: 'Написать отзыв' }).click();
      const form = page.getByRole('dialog', { name: /Отзыв о товаре/ });
      const star = await form.getByRole('radio', { name: 'Оценка 4 из 5' }).getAttribute('id');
      await form.locator(`label[for="${star}"]`).click();
      await form.getByRole('textbox', { name: /^Отзыв/ }).fill('Сидит хорошо, но рукава коротковаты.');
      await form.getByLabel('Достоинства').fill('Тёплая, лёгкая');
      await form.getByLabel('Недостатки').fill('Короткие рукава');
      await form.getByRole('radio', { name: 'Маломерит' }).check();
      if (view.photo) {
        const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#406080' } }).jpeg().toBuffer();
        await form.locator('input[type=file]').setInputFiles({ name: 'куртка.jpg', mimeType: 'image/jpeg', buffer: photo });
        await form.getByRole('img', { name: 'Фото 1' }).waitFor();
      }
      expect(describeViolations(await seriousAxeViolations(page))).toBe('');
      await screenshot(page, `reviews-rich-form-${view.width}`);
      await form.getByRole('button', { name: 'Отправить отзыв' }).click();
      await page.getByText('Спасибо за отзыв!').waitFor();

      const mine = page.getByRole('article', { name: `Отзыв: ${view.name}` });
      await mine.getByRole('heading', { name: 'Достоинства' }).waitFor();
      await mine.getByText('Тёплая, лёгкая').waitFor();
      await mine.getByRole('heading', { name: 'Недостатки' }).waitFor();
      await mine.getByText('Короткие рукава').waitFor();
      await mine.getByText('Размер: маломерит', { exact: true }).waitFor();
      const stored = await t.db
        .selectFrom('reviews')
        .innerJoin('users', 'users.id', 'reviews.userId')
        .select(['reviews.pros', 'reviews.cons', 'reviews.sizeFit', 'reviews.images'])
        .where('users.email', '=', view.email)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ pros: 'Тёплая, лёгкая', cons: 'Короткие рукава', sizeFit: 'small' });
      expect(stored.images).toHaveLength(view.photo ? 1 : 0);
      if (view.photo) await page.getByRole('button', { name: 'Фото покупателей: открыть 2 из 2' }).waitFor();
      await page.getByTestId('size-fit-summary').getByText(/маломерит [1-9]\d*%/).waitFor();
      // «Спасибо за отзыв!» fades in and out: axe reads a half-transparent toast as low contrast.
      // The pointer left over the toast (where the form's button was) would hold it open.
      await page.mouse.move(0, 0);
      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
      expect(describeViolations(await seriousAxeViolations(page))).toBe('');
      await screenshot(page, `reviews-rich-product-${view.width}`);
      await page.close();
    });
  }
});
