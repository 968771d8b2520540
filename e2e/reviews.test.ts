import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/services/accounts/passwords.js';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, showProductFeedback, signInToAdmin, startBrowserApp } from './support/browser.js';

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;
let otherReviewId: number;
let questionId: number;

async function addShopper(email: string, firstName: string, lastName: string): Promise<string> {
  await t.db.insertInto('users').values({ email, firstName, lastName, isVerified: true, passwordHash: await hashPassword('shopper-password') }).execute();
  return (await t.trpc().accounts.auth.signin.mutate({ email, password: 'shopper-password' })).accessToken;
}

async function signInAsShopper(page: Page, email: string): Promise<void> {
  await page.goto(t.baseUrl);
  await page.getByRole('button', { name: 'Войти' }).click();
  const panel = page.getByRole('dialog');
  await panel.getByLabel('E-mail').fill(email);
  await panel.getByLabel('Пароль').fill('shopper-password');
  await panel.getByRole('button', { name: 'Войти' }).click();
  await page.getByText('Вы успешно авторизованы!').waitFor();
}

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
  const product = await t.db.insertInto('products').values({ name: 'Кружка керамическая', url: 'kruzhka', parameters: '{}', extra: '{}' }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('productVariants').values({ productId: product.id, article: 'KR-1', price: 49_900, stock: 5, position: 0 }).execute();
  const other = await addShopper('boris@shop.test', 'Борис', 'Белов');
  const review = await t.trpc(other).reviews.reviews.create.mutate({ productId: product.id, rating: 4, text: 'Удобная ручка, держит тепло.' });
  otherReviewId = review.id;
  questionId = (await t.trpc(other).reviews.questions.create.mutate({ productId: product.id, text: 'Можно ли мыть в посудомоечной машине?' })).id;
  await addShopper('vera@shop.test', 'Вера', 'Волкова');
});
afterAll(() => close?.());

describe('reviews and questions in the browser', () => {
  it('a signed-in shopper likes another review and writes one with a photo', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsShopper(page, 'vera@shop.test');
    await page.goto(`${t.baseUrl}/product/kruzhka`);
    await showProductFeedback(page);
    const others = page.getByRole('article', { name: 'Отзыв: Борис Б.' });
    await others.getByText('Удобная ручка, держит тепло.').waitFor();

    await others.getByRole('button', { name: /^Полезно: отзыв/ }).click();
    await others.getByRole('button', { name: 'Полезно: отзыв, 1' }).waitFor();
    await expect.poll(async () => (await t.db.selectFrom('reviewReactions').select(['reviewId', 'reaction']).execute())).toEqual([{ reviewId: otherReviewId, reaction: 'Like' }]);

    await page.getByRole('button', { name: 'Написать отзыв' }).click();
    const form = page.getByRole('dialog', { name: /Отзыв о товаре/ });
    // The star's radio input is visually hidden under its label: click the label.
    const star = await form.getByRole('radio', { name: 'Оценка 5 из 5' }).getAttribute('id');
    await form.locator(`label[for="${star}"]`).click();
    await form.getByLabel('Отзыв').fill('Красивая кружка, пью из неё каждый день.');
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c08040' } }).jpeg().toBuffer();
    await form.locator('input[type=file]').setInputFiles({ name: 'кружка.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByRole('img', { name: 'Фото 1' }).waitFor();
    await screenshot(page, 'reviews-form');
    await form.getByRole('button', { name: 'Отправить отзыв' }).click();
    await page.getByText('Спасибо за отзыв!').waitFor();

    const mine = page.getByRole('article', { name: 'Отзыв: Вера В.' });
    await mine.getByText('Красивая кружка, пью из неё каждый день.').waitFor();
    await mine.getByRole('button', { name: 'Открыть фото 1 из 1' }).click();
    await page.getByRole('dialog', { name: /фото 1 из 1/ }).waitFor();
    await page.keyboard.press('Escape');
    const stored = await t.db.selectFrom('reviews').innerJoin('users', 'users.id', 'reviews.userId').select(['reviews.rating', 'reviews.images']).where('users.email', '=', 'vera@shop.test').executeTakeFirstOrThrow();
    expect(stored.rating).toBe(5);
    expect(stored.images).toHaveLength(1);
    const product = await t.db.selectFrom('products').select(['rating', 'reviewCount']).where('url', '=', 'kruzhka').executeTakeFirstOrThrow();
    expect(product).toEqual({ rating: 4.5, reviewCount: 2 });
    await page.getByText('4,5').first().waitFor();
    await screenshot(page, 'reviews-product');
    await page.close();
  });

  it('the admin answers a question, and the answer shows on the product page as the shop’s', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/reviews`);
    await page.getByRole('cell', { name: 'Удобная ручка, держит тепло.' }).waitFor();
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');
    await screenshot(page, 'reviews-admin-list');

    await page.goto(`${t.baseUrl}/admin/questions`);
    await page.getByText('Можно ли мыть в посудомоечной машине?').waitFor();
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');
    await page.getByLabel(`Ответ магазина на вопрос ${questionId}`).fill('Да, кружка выдерживает посудомоечную машину.');
    await page.getByRole('button', { name: 'Ответить' }).click();
    await page.getByText('Ответ опубликован').waitFor();

    await page.goto(`${t.baseUrl}/product/kruzhka`);
    await showProductFeedback(page);
    const question = page.getByRole('article', { name: 'Вопрос: Борис Б.' });
    await question.getByText('Да, кружка выдерживает посудомоечную машину.').waitFor();
    await question.getByText('Ответ магазина').waitFor();
    await page.getByRole('article', { name: 'Отзыв: Борис Б.' }).waitFor();
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');
    await page.close();
  });
});
