import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/server/config.js';
import { sql } from 'kysely';
import { createShopMetrics } from '../src/server/http/metrics/shop-metrics.js';
import { indexedVersion } from '../src/server/services/catalogue/search/word-index-store.js';
import { openOneConnection, slow, startTestApp, type TestApp } from './support/harness.js';
import { delivery } from './support/orders-support.js';
import { paymentsHelpers, startPaymentsShop, type PaymentsShop } from './support/payments-support.js';
import { parsePrometheus, sampleValue, type Sample } from './support/prometheus.js';

/** GET /metrics (docs/metrics.md): refused without the token, and its figures move as the shop works. */

const token = 'metrics-token-for-tests-0001';

async function scrape(baseUrl: string, authorization?: string): Promise<{ status: number; text: string; type: string }> {
  const response = await fetch(`${baseUrl}/metrics`, authorization ? { headers: { authorization } } : {});
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '' };
}

describe('/metrics with METRICS_TOKEN', () => {
  let p: PaymentsShop;
  const helpers = paymentsHelpers(() => p, '10.34.2');
  beforeAll(async () => {
    p = await startPaymentsShop({ METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await p?.t.close();
    await p?.fake.close();
  });

  async function samples(): Promise<Sample[]> {
    const answer = await scrape(p.t.baseUrl, `Bearer ${token}`);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheus(answer.text);
  }

  it('refuses a scrape without the token, or with another, and shows it nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', `Basic ${Buffer.from(`x:${token}`).toString('base64')}`, `Bearer ${token}x`]) {
      const answer = await scrape(p.t.baseUrl, authorization);
      expect(answer.status).toBe(401);
      expect(answer.text).not.toContain('shop_');
      expect(JSON.parse(answer.text)).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    }
  });

  it('moves with requests, statements, orders, payments, caches and the outbox', async () => {
    const { t, fake } = p;
    const before = await samples();
    const count = (s: Sample[], name: string, labels: Record<string, string> = {}) => sampleValue(s, name, labels) ?? 0;

    // Requests: a REST list twice, a missing product, a tRPC call.
    for (let i = 0; i < 2; i += 1) expect((await t.rest('GET', '/products?limit=5')).status).toBe(200);
    expect((await t.rest('GET', '/products/987654')).status).toBe(404);
    await t.trpc().catalogue.tags.list.query({});
    // Orders: one paid online, one on delivery.
    const online = await helpers.onlineOrder();
    expect(await fake.succeed(await helpers.providerIdOf(online.id))).toBe(200);
    await vi.waitFor(async () => expect(await helpers.adminOrder(online.id)).toMatchObject({ paymentStatus: 'paid' }), slow);
    const basketId = await helpers.basketWith([{ variantId: p.plaid.variants[0]!.id, quantity: 1 }]);
    const cash = await t.rest('POST', '/checkouts/direct', { ip: helpers.nextIp(), body: { ...helpers.nextGuest(), address: delivery, basketId } });
    expect(cash.status).toBe(200);
    // The outbox: a letter and a webhook delivery waiting for their next attempt.
    const later = new Date(Date.now() + 3_600_000);
    await t.db.insertInto('mailOutbox').values({ recipient: 'waiting@shop.test', replyTo: null, subject: 'Ждёт', text: '', html: '', status: 'pending', nextAttemptAt: later, deliveredAt: null, lastError: null }).execute();
    const endpoint = await t.db.insertInto('webhookEndpoints').values({ url: 'https://hooks.example/shop', events: ['order.created'], secret: 'metrics-secret' }).returning('id').executeTakeFirstOrThrow();
    const eventId = randomUUID();
    await t.db.insertInto('webhookEvents').values({ id: eventId, type: 'order.created', data: '{}' }).execute();
    await t.db.insertInto('webhookDeliveries').values({ endpointId: endpoint.id, eventId, status: 'pending', nextAttemptAt: later, deliveredAt: null }).execute();

    const after = await samples();
    const moved = (name: string, labels: Record<string, string> = {}) => count(after, name, labels) - count(before, name, labels);

    // Request durations by route pattern and status, never by the raw address.
    expect(moved('shop_http_request_duration_seconds_count', { method: 'GET', route: '/api/products', status_code: '200' })).toBe(2);
    expect(moved('shop_http_request_duration_seconds_count', { method: 'GET', route: '/api/products/:productId', status_code: '404' })).toBe(1);
    expect(moved('shop_http_request_duration_seconds_count', { route: 'trpc:catalogue.tags.list', status_code: '200' })).toBe(1);
    expect(moved('shop_http_request_duration_seconds_count', { route: '/api/checkouts/direct', status_code: '200' })).toBe(2);
    expect(count(after, 'shop_http_request_duration_seconds_bucket', { route: '/api/products', status_code: '200', le: '+Inf' })).toBeGreaterThanOrEqual(2);
    const routes = new Set(after.filter((sample) => sample.name === 'shop_http_request_duration_seconds_count').map((sample) => sample.labels['route']));
    expect([...routes].filter((route) => route && /\d{3,}|\?/.test(route))).toEqual([]);

    // Statements by kind, and the pool.
    expect(moved('shop_db_statement_duration_seconds_count', { kind: 'select', outcome: 'ok' })).toBeGreaterThan(5);
    expect(moved('shop_db_statement_duration_seconds_count', { kind: 'insert', outcome: 'ok' })).toBeGreaterThanOrEqual(4);
    expect(moved('shop_db_statement_duration_seconds_count', { kind: 'update' })).toBeGreaterThan(0);
    expect(moved('shop_db_statement_duration_seconds_sum')).toBeGreaterThan(0);
    expect(moved('shop_db_pool_wait_seconds_count')).toBeGreaterThan(0);
    expect(count(after, 'shop_db_pool_connections', { database: 'primary', state: 'max' })).toBe(t.config.databaseUrl ? 5 : 1);
    expect(sampleValue(after, 'shop_db_pool_waiting')).toBeGreaterThanOrEqual(0);

    // Orders placed and paid.
    expect(moved('shop_orders_placed_total', { kind: 'direct' })).toBe(2);
    expect(moved('shop_orders_paid_total')).toBe(1);

    // The catalogue's caches: the second identical list read found something kept.
    expect(moved('shop_catalogue_cache_lookups_total')).toBeGreaterThan(0);
    expect(moved('shop_catalogue_cache_lookups_total', { result: 'hit' })).toBeGreaterThan(0);

    // The outbox, counted at scrape time.
    expect(moved('shop_outbox_waiting', { queue: 'mail' })).toBe(1);
    expect(moved('shop_outbox_waiting', { queue: 'webhooks' })).toBe(1);

    // The process: memory and the event loop's delay.
    expect(sampleValue(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleValue(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts the word index: a miss while it is not built, then a hit for a search asked for the first time', async () => {
    const { t } = p;
    const before = await samples();
    // No search ran before on this app: the first finds no index and starts its build.
    expect((await t.rest<{ length: number }>('GET', `/products?name=${encodeURIComponent('плед')}`)).body.length).toBe(1);
    await vi.waitFor(() => expect(indexedVersion(t.db)).not.toBeNull(), slow);
    expect((await t.rest<{ length: number }>('GET', `/products?name=${encodeURIComponent('подушка')}`)).body.length).toBe(1);
    const after = await samples();
    const moved = (result: string) => (sampleValue(after, 'shop_catalogue_cache_lookups_total', { cache: 'words', result }) ?? 0) - (sampleValue(before, 'shop_catalogue_cache_lookups_total', { cache: 'words', result }) ?? 0);
    expect(moved('miss')).toBe(1);
    expect(moved('hit')).toBe(1);
    expect(moved('stale')).toBe(0);
  });
});

describe('a read replica (docs/replicas.md)', () => {
  it('is measured apart: its statements, pool and cache lookups carry database="replica"', async () => {
    const t = await startTestApp();
    const replica = await openOneConnection(t);
    const metrics = createShopMetrics(t.db, replica.db);
    try {
      await sql`select 1`.execute(replica.db);
      await sql`select 2`.execute(t.db);
      const samples = parsePrometheus(await metrics.registry.metrics());
      expect(sampleValue(samples, 'shop_db_statement_duration_seconds_count', { database: 'replica', kind: 'select' })).toBe(1);
      expect(sampleValue(samples, 'shop_db_statement_duration_seconds_count', { database: 'primary', kind: 'select' })).toBeGreaterThanOrEqual(1);
      expect(sampleValue(samples, 'shop_db_pool_connections', { database: 'replica', state: 'max' })).toBe(1);
      expect(sampleValue(samples, 'shop_catalogue_cache_lookups_total', { database: 'replica', cache: 'tree', result: 'hit' })).toBe(0);
    } finally {
      metrics.close();
      await replica.close();
      await t.close();
    }
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a token too short to guess', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('answers 404, with or without a token', async () => {
    for (const authorization of [undefined, `Bearer ${token}`]) {
      const answer = await scrape(t.baseUrl, authorization);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('shop_');
    }
  });
});
