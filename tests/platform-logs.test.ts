import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { setUpShop, variantOf, type Shop } from './support/orders-support.js';

/** The log an operator reads (docs/logging.md): one JSON line per entry, a request id in each, no personal data at info. */

interface LogLine {
  level: number;
  time: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** What a shopper types: none of it may reach the log. */
const shopper = { firstName: 'Аглая', lastName: 'Скрытная', email: 'aglaya.hidden@privacy.test', password: 'very-private-password-7' };
const buyer = {
  firstName: 'Евлампия',
  lastName: 'Секретова',
  email: 'evlampia.secret@privacy.test',
  phone: '+7 912 345-67-89',
  address: { address: 'ул. Потаённая, д. 7, кв. 13', city: 'Зеленоградск', country: 'Россия', zipCode: '238326' },
};
const cookie = 'shop_session=cookie-value-never-logged-42';

describe('the log of a production shop at info', () => {
  let base: TestApp;
  let shop: Shop;
  let app: FastifyInstance;
  let baseUrl: string;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    base = await startTestApp();
    shop = await setUpShop(base);
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'l'.repeat(40),
      MAIL_TRANSPORT: 'outbox',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'https://shop.example',
      ...(base.config.databaseUrl ? { DATABASE_URL: base.config.databaseUrl } : {}),
    });
    app = await buildApp({ config, db: base.db, logger: { stream: { write: (line: string) => void lines.push(line) } } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await base?.close();
  });

  async function call(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { cookie, ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    const response = await fetch(`${baseUrl}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
    const text = await response.text();
    const json = (response.headers.get('content-type') ?? '').includes('json');
    return { status: response.status, id: response.headers.get('x-request-id'), body: json ? (JSON.parse(text) as Record<string, unknown>) : { text } };
  }

  it('keeps out what a sign-up and a checkout submit: names, e-mails, phones, addresses, passwords, tokens, cookies', async () => {
    const signup = await call('POST', '/api/auth/signup', { body: { ...shopper, consent: true } });
    expect(signup.status).toBe(200);
    const accessToken = String(signup.body['accessToken']);
    const refreshToken = String(signup.body['refreshToken']);
    expect((await call('POST', '/api/auth/signin', { body: { email: shopper.email, password: shopper.password } })).status).toBe(200);
    expect((await call('POST', '/api/auth/session', { token: accessToken, body: { token: accessToken } })).status).toBe(200);
    expect((await call('POST', '/api/auth/token', { body: { token: refreshToken } })).status).toBe(200);
    // A wrong password is refused: its answer and log line hold neither address nor password.
    expect((await call('POST', '/api/auth/signin', { body: { email: shopper.email, password: `${shopper.password}-wrong` } })).status).toBe(401);
    // Personal data in a query string and in a path.
    expect((await call('GET', `/api/products?name=${encodeURIComponent(buyer.email)}`)).status).toBe(200);
    expect((await call('GET', `/api/users/get-by-email/${encodeURIComponent(shopper.email)}`, { token: accessToken })).status).toBeLessThan(500);

    const oneClick = { variantId: variantOf(shop.mug), quantity: 1 };
    const direct = await call('POST', '/api/checkouts/direct', { body: { ...buyer, oneClick, consent: true } });
    expect(direct.status).toBe(200);
    const statusUrl = new URL(String(direct.body['statusUrl']));
    // The guest opens the order's link (the page, or 503 where the client is not built).
    expect([200, 503]).toContain((await call('GET', statusUrl.pathname)).status);
    const signedIn = await call('POST', '/api/checkouts', { token: accessToken, body: { phone: buyer.phone, address: buyer.address, oneClick, consent: true } });
    expect(signedIn.status).toBe(200);

    const text = lines.join('');
    expect(text).toContain('request completed');
    const secrets = [
      shopper.firstName,
      shopper.lastName,
      shopper.email,
      shopper.password,
      buyer.firstName,
      buyer.lastName,
      buyer.email,
      buyer.phone,
      '9123456789',
      buyer.address.address,
      buyer.address.city,
      buyer.address.zipCode,
      accessToken,
      refreshToken,
      statusUrl.pathname.split('/').pop() ?? 'no token',
      'cookie-value-never-logged-42',
      'Bearer',
      'authorization',
    ];
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      // pino writes UTF-8; an escaped form would be as bad.
      expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
      expect(text.toLowerCase()).not.toContain(encodeURIComponent(secret).toLowerCase());
    }
    expect(logged().some((line) => line.req?.url === '/api/products?…')).toBe(true);
  });

  it('puts the request id in each of its lines, its X-Request-Id header and its error answer', async () => {
    const given = 'trace-abc.123:4_5';
    const missing = await call('GET', '/api/products/987654', { headers: { 'x-request-id': given } });
    expect(missing).toMatchObject({ status: 404, id: given, body: { statusCode: 404, code: 'NOT_FOUND', requestId: given } });
    const own = logged().filter((line) => line.reqId === given);
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(own[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/products/987654' } });
    expect(own[1]).toMatchObject({ level: 30, res: { statusCode: 404 } });
    expect(typeof own[1]?.responseTime).toBe('number');
    expect(typeof own[1]?.time).toBe('number');

    // An id that could break a line or a header, or is too long, is replaced by a fresh one.
    for (const insane of ['two words', 'x'.repeat(65), 'line"quote']) {
      const answer = await call('GET', '/api/products/987654', { headers: { 'x-request-id': insane } });
      expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.body['requestId']).toBe(answer.id);
      expect(lines.join('')).not.toContain(insane);
    }
    // Every answer has one, tRPC's and successful ones included, each its own.
    const ok = await call('GET', '/api/products?limit=1');
    const trpc = await fetch(`${baseUrl}/trpc/no.such.procedure`);
    expect(ok.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(trpc.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(trpc.headers.get('x-request-id')).not.toBe(ok.id);
    // Every line about a request names it.
    for (const line of logged()) if (line.req || line.res) expect(line.reqId).toBeTruthy();
  });
});
