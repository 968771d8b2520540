import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { describeViolations, seriousAxeViolations } from './support/axe.js';
import { screenshot, signInToAdmin, startBrowserApp } from './support/browser.js';

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;
let receiver: Server;
let receiverUrl = '';
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    received.push(String(request.headers['webhook-event']));
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
  ({ t, browser, close } = await startBrowserApp({ WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOK_POLL_MS: '100' }));
});
afterAll(async () => {
  await close?.();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('admin: webhooks', () => {
  it('registers an endpoint, shows its secret once, sends a ping and lists the delivery', async () => {
    const page = await browser.newPage();
    await signInToAdmin(page, t.baseUrl);
    await page.goto(`${t.baseUrl}/admin/settings`);
    await page.getByRole('link', { name: /Вебхуки/ }).first().click();
    await page.waitForURL(/\/admin\/settings\/webhooks$/);
    await page.getByRole('link', { name: 'Добавить вебхук' }).click();

    await page.getByLabel('Адрес (URL)').fill(receiverUrl);
    await page.getByLabel('Описание').fill('Склад');
    await page.getByLabel(/Товар создан/).check();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Вебхук создан' });
    await dialog.waitFor();
    expect(await dialog.getByText(/^whsec_/).textContent()).toMatch(/^whsec_[\w-]{20,}$/);
    await screenshot(page, 'admin-webhook-secret');
    // The form and its open dialog are accessible (WCAG 2.2 AA, serious and critical rules).
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');
    await dialog.getByRole('button', { name: 'Готово' }).click();
    await page.waitForURL(/\/admin\/settings\/webhooks\/\d+$/);

    await page.getByRole('button', { name: 'Отправить проверку (ping)' }).click();
    await page.getByText('Проверочное событие отправлено').waitFor();
    await expect.poll(() => received.includes('ping'), { timeout: 10_000 }).toBe(true);
    await page.getByText('Доставлено').waitFor({ timeout: 10_000 });
    await screenshot(page, 'admin-webhook-deliveries');
    expect(describeViolations(await seriousAxeViolations(page))).toBe('');
    await page.close();
  });
});
