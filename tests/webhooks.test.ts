import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../src/shared/schemas/orders.js';
import type { Webhook, WebhookDelivery } from '../src/shared/schemas/webhooks.js';
import { endpointUrlProblem } from '../src/server/services/webhooks/endpoints.js';
import { verifyDelivery } from '../src/server/services/webhooks/signature.js';
import { startTestApp, slow, type TestApp } from './support/harness.js';
import { delivery, guest, setUpShop, signUp, variantOf, type Shop } from './support/orders-support.js';

/** A local receiver that records every delivery and answers what the test tells it to. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

let t: TestApp;
let shop: Shop;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let answerStatus = 204;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, event: JSON.parse(body) as Received['event'] });
      response.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
  t = await startTestApp({ WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOK_POLL_MS: '50' });
  shop = await setUpShop(t);
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function eventsOf(type: string, count = 1): Promise<Received[]> {
  let found: Received[] = [];
  await expect.poll(() => (found = received.filter((item) => item.event.type === type)).length, slow).toBeGreaterThanOrEqual(count);
  return found;
}

async function register(events: string[]): Promise<Webhook & { secret: string }> {
  const created = await t.rest<Webhook & { secret: string }>('POST', '/webhooks', { token: shop.adminToken, body: { url: receiverUrl, events, description: 'Склад' } });
  expect(created.status).toBe(200);
  return created.body;
}

describe('webhook endpoints', () => {
  it('are the admin’s alone: 401 without a token, 403 for a shopper', async () => {
    expect((await t.rest('GET', '/webhooks')).status).toBe(401);
    const shopper = await signUp(t, 'hooks.shopper@shop.test');
    expect((await t.rest('GET', '/webhooks', { token: shopper.token })).status).toBe(403);
    expect((await t.rest('POST', '/webhooks', { token: shopper.token, body: { url: receiverUrl, events: ['order.placed'] } })).status).toBe(403);
  });

  it('refuse unknown events, unknown keys and addresses that are not http(s), in Russian', async () => {
    const bogus = await t.rest<{ message: string }>('POST', '/webhooks', { token: shop.adminToken, body: { url: receiverUrl, events: ['order.shipped'] } });
    expect(bogus.status).toBe(400);
    expect(bogus.body.message).toContain('Неизвестное событие');
    const extra = await t.rest<{ message: string }>('POST', '/webhooks', { token: shop.adminToken, body: { url: receiverUrl, events: ['order.placed'], secret: 'mine' } });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toContain('secret');
    const ftp = await t.rest<{ message: string }>('POST', '/webhooks', { token: shop.adminToken, body: { url: 'ftp://example.ru/x', events: ['order.placed'] } });
    expect(ftp.status).toBe(400);
    expect(ftp.body.message).toContain('https://');
    // Without WEBHOOKS_ALLOW_HTTP (production), plain http is refused.
    expect(endpointUrlProblem('http://example.ru/hooks', false)).toContain('https://');
    expect(endpointUrlProblem('https://example.ru/hooks', false)).toBeNull();
  });

  it('answer the secret once; later reads show only its last four characters', async () => {
    const created = await register(['order.placed']);
    expect(created.secret).toMatch(/^whsec_/);
    const read = await t.rest<Webhook & { secret?: string }>('GET', `/webhooks/${created.id}`, { token: shop.adminToken });
    expect(read.body.secret).toBeUndefined();
    expect(read.body.secretHint).toBe(`…${created.secret.slice(-4)}`);
    expect((await t.rest('DELETE', `/webhooks/${created.id}`, { token: shop.adminToken })).status).toBe(200);
    expect((await t.rest('GET', `/webhooks/${created.id}`, { token: shop.adminToken })).status).toBe(404);
  });
});

describe('deliveries', () => {
  it('are signed with HMAC-SHA256 over the timestamp and the body, and carry the event id', async () => {
    const hook = await register(['order.placed']);
    const ping = await t.rest<{ eventId: string }>('POST', `/webhooks/${hook.id}/ping`, { token: shop.adminToken });
    expect(ping.status).toBe(200);
    const [got] = await eventsOf('ping');
    expect(got?.headers['webhook-id']).toBe(ping.body.eventId);
    const headers = { timestamp: String(got?.headers['webhook-timestamp']), signature: String(got?.headers['webhook-signature']) };
    const now = Math.floor(Date.now() / 1000);
    expect(verifyDelivery(hook.secret, headers, got?.body ?? '', now)).toBe(true);
    // Another secret, another body or an old timestamp does not verify.
    expect(verifyDelivery('whsec_other', headers, got?.body ?? '', now)).toBe(false);
    expect(verifyDelivery(hook.secret, headers, `${got?.body ?? ''} `, now)).toBe(false);
    expect(verifyDelivery(hook.secret, headers, got?.body ?? '', now + 3600)).toBe(false);
    await t.rest('DELETE', `/webhooks/${hook.id}`, { token: shop.adminToken });
  });

  it('tell an order placed, its status changed and the stock it took, once per event and endpoint', async () => {
    const hook = await register(['order.placed', 'order.status_changed', 'stock.changed']);
    const before = received.length;
    const order = await t.rest<Checkout>('POST', '/checkouts/direct', { body: { ...guest, address: delivery, oneClick: { variantId: variantOf(shop.mug), quantity: 2 } } });
    expect(order.status).toBe(200);
    const [placed] = await eventsOf('order.placed');
    expect(placed?.event.data).toMatchObject({ checkoutId: order.body.id, status: 'New', totalAmount: 700, itemsAmount: 700, deliveryCost: 0, totalQuantity: 2 });
    // No personal data travels in an event.
    expect(placed?.body).not.toContain(guest.email);
    const [stock] = await eventsOf('stock.changed');
    expect(stock?.event.data).toEqual({ variantId: variantOf(shop.mug), productId: shop.mug.id, stock: 8, items: [{ sizeId: null, article: 'MUG-1', barcode: null, stock: 8 }] });

    expect((await t.rest('PUT', `/checkouts/${order.body.id}`, { token: shop.adminToken, body: { status: 'Canceled' } })).status).toBe(200);
    const [changed] = await eventsOf('order.status_changed');
    expect(changed?.event.data).toMatchObject({ checkoutId: order.body.id, status: 'Canceled', previousStatus: 'New' });
    await eventsOf('stock.changed', 2);

    // More rounds send nothing again: each event reached the endpoint exactly once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = received.slice(before);
    expect(new Set(mine.map((item) => item.event.id)).size).toBe(mine.length);
    const list = await t.rest<{ rows: WebhookDelivery[] }>('GET', `/webhooks/${hook.id}/deliveries`, { token: shop.adminToken });
    expect(list.body.rows).toHaveLength(mine.length);
    expect(list.body.rows.every((row) => row.status === 'delivered' && row.attempts === 1 && row.lastAttempts[0]?.statusCode === 204)).toBe(true);
    await t.rest('DELETE', `/webhooks/${hook.id}`, { token: shop.adminToken });
  });

  it('tell products created, updated (with their stock) and deleted', async () => {
    const hook = await register(['product.created', 'product.updated', 'product.deleted', 'stock.changed']);
    const created = await t.rest<{ id: number; variants: Array<{ id: number }> }>('POST', '/products', {
      token: shop.adminToken,
      body: { name: 'Шарф', url: 'sharf', variants: [{ article: 'SCARF-1', price: 900, stock: 4 }] },
    });
    expect(created.status).toBe(200);
    const [made] = await eventsOf('product.created');
    expect(made?.event.data).toMatchObject({ productId: created.body.id, url: 'sharf', variants: [{ article: 'SCARF-1', stock: 4 }] });
    const variantId = created.body.variants[0]?.id;
    const updated = await t.rest('PUT', `/products/${created.body.id}`, {
      token: shop.adminToken,
      body: { name: 'Шарф', url: 'sharf', variants: [{ id: variantId, article: 'SCARF-1', price: 950, stock: 6 }] },
    });
    expect(updated.status).toBe(200);
    await eventsOf('product.updated');
    await expect
      .poll(() => received.some((item) => item.event.type === 'stock.changed' && item.event.data['variantId'] === variantId && item.event.data['stock'] === 6), slow)
      .toBe(true);
    expect((await t.rest('DELETE', `/products/${created.body.id}`, { token: shop.adminToken })).status).toBe(200);
    const [deleted] = await eventsOf('product.deleted');
    expect(deleted?.event.data).toEqual({ productId: created.body.id });
    await t.rest('DELETE', `/webhooks/${hook.id}`, { token: shop.adminToken });
  });

  it('that fail are kept with their attempts and retried later; the admin can send one again', async () => {
    const hook = await register(['order.placed']);
    answerStatus = 500;
    const order = await t.rest<Checkout>('POST', '/checkouts/direct', { body: { ...guest, email: 'fail.hook@guest.test', address: delivery, oneClick: { variantId: variantOf(shop.mug) } } });
    expect(order.status).toBe(200);
    const deliveries = async () => (await t.rest<{ rows: WebhookDelivery[] }>('GET', `/webhooks/${hook.id}/deliveries`, { token: shop.adminToken })).body.rows;
    await expect.poll(async () => (await deliveries())[0]?.attempts, slow).toBe(1);
    const [failed] = await deliveries();
    expect(failed).toMatchObject({ status: 'pending', eventType: 'order.placed' });
    expect(failed?.lastAttempts[0]?.statusCode).toBe(500);
    // The next attempt waits a minute (the outbox's schedule): nothing is sent meanwhile.
    expect(failed?.nextAttemptAt && new Date(failed.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 30_000);

    answerStatus = 204;
    const retried = await t.rest('POST', `/webhooks/${hook.id}/deliveries/${failed?.id}/retry`, { token: shop.adminToken });
    expect(retried.status).toBe(200);
    await expect.poll(async () => (await deliveries())[0]?.status, slow).toBe('delivered');
    const [done] = await deliveries();
    expect(done?.attempts).toBe(2);
    expect(done?.lastAttempts.map((attempt) => attempt.statusCode)).toEqual([204, 500]);
    const again = await t.rest<{ message: string }>('POST', `/webhooks/${hook.id}/deliveries/${failed?.id}/retry`, { token: shop.adminToken });
    expect(again.status).toBe(409);
    expect((await t.rest('POST', `/webhooks/${hook.id}/deliveries/999999/retry`, { token: shop.adminToken })).status).toBe(404);
    await t.rest('DELETE', `/webhooks/${hook.id}`, { token: shop.adminToken });
  });
});
