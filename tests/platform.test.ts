import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/server/config.js';
import { prepareDatabase } from '../src/server/db/setup.js';
import { statusMessages } from '../src/shared/errors.js';
import { startTestApp, type TestApp } from './support/harness.js';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Магазин</title><div id="root"></div>');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, clientDir);
});
afterAll(() => t?.close());

describe('one Fastify process', () => {
  it('answers an unknown /api path with 404 and the SPEC message', async () => {
    expect(await t.rest('GET', '/no-such-thing')).toEqual({ status: 404, body: { statusCode: 404, message: statusMessages[404] } });
    expect(await t.rest('POST', '/no/such/thing', { body: {} })).toEqual({ status: 404, body: { statusCode: 404, message: statusMessages[404] } });
  });

  it('serves the React app for every other GET (SPA fallback)', async () => {
    for (const route of ['/', '/admin/login', '/catalog?page=2', '/profile']) {
      const response = await fetch(`${t.baseUrl}${route}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers HEAD on a page like GET, without the body (uptime monitors, crawlers)', async () => {
    for (const route of ['/', '/catalog']) {
      const response = await fetch(`${t.baseUrl}${route}`, { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toBe('');
    }
  });

  it('answers /health while the process is up and /ready while the database answers', async () => {
    const health = await fetch(`${t.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.baseUrl}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('publishes an OpenAPI document generated from the procedures, and a docs page', async () => {
    const document = await t.rest<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths['/tags'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(document.body.paths['/tags/{tagId}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(Object.keys(document.body.paths['/sizes/{sizeId}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    const docs = await fetch(`${t.baseUrl}/api/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('/api/docs/init.js');
    expect(await (await fetch(`${t.baseUrl}/api/docs/init.js`)).text()).toContain('/api/openapi.json');
  });

  it('answers a request Node cannot parse (raw Cyrillic in the URL) with 400 in Russian', async () => {
    const { port } = new URL(t.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(Buffer.from('GET /api/products?name=кросовки HTTP/1.1\r\nHost: localhost\r\n\r\n', 'utf8'));
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain(JSON.stringify({ statusCode: 400, message: statusMessages[400] }));
  });

  it('answers malformed JSON with 400 in the SPEC shape', async () => {
    const response = await fetch(`${t.baseUrl}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, message: statusMessages[400] });
  });
});

describe('configuration', () => {
  it('names the wrong variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('defaults to port 3000 and the embedded database in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
  });
});

describe('start-up on an empty embedded database', () => {
  it('migrates, adds the demo data once, and creates the first admin from the environment', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'Boss@Shop.test', ADMIN_PASSWORD: 'boss-password' });
    const first = await prepareDatabase(config, { log: () => undefined });
    const tags = await first.db.selectFrom('tags').select('name').execute();
    expect(tags.map((tag) => tag.name)).toContain('Новинка');
    const admin = await first.db.selectFrom('users').select(['role', 'isVerified']).where('email', '=', 'boss@shop.test').executeTakeFirstOrThrow();
    expect(admin).toEqual({ role: 'Admin', isVerified: true });
    // A product nobody reviewed, asked about or ordered (those cannot be deleted).
    const removed = await first.db
      .selectFrom('products as p')
      .select(['p.id', 'p.url'])
      .where((eb) =>
        eb.and([
          eb.not(eb.exists(eb.selectFrom('reviews').select('id').whereRef('reviews.productId', '=', 'p.id'))),
          eb.not(eb.exists(eb.selectFrom('questions').select('id').whereRef('questions.productId', '=', 'p.id'))),
          eb.not(eb.exists(eb.selectFrom('checkoutLines').select('id').whereRef('checkoutLines.productId', '=', 'p.id'))),
        ]),
      )
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    await first.db.deleteFrom('products').where('id', '=', removed.id).execute();
    await first.close();

    // A second start keeps the data as it is: the seed runs only on a fresh database.
    const second = await prepareDatabase(config, { log: () => undefined });
    expect(await second.db.selectFrom('products').select('id').where('url', '=', removed.url).executeTakeFirst()).toBeUndefined();
    await second.close();
    // Drawing the demo pictures and two starts of an on-disk database: slow on a busy 2-core machine.
  }, 120_000);
});
