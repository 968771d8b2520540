import http from 'node:http';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultBodyLimit, jsonShapeBounds, procedureBodyLimit, procedureBodyLimitPaths, trpcBodyLimit } from '../src/server/http/body-limits.js';
import { JsonShapeScanner, jsonShapeProblem } from '../src/server/http/json-shape.js';
import { RateLimits } from '../src/server/services/platform/rate-limit.js';
import { codeForStatus, domainMessages, statusMessages } from '../src/shared/errors.js';
import { libraryImage } from './support/content-support.js';
import { slow, startTestApp, type TestApp } from './support/harness.js';
import { withoutRequestId } from './support/rest.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Any method with any body (fetch refuses a GET with a body), on a connection of its own. */
function send(app: TestApp, method: string, path: string, body?: string | string[], headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, app.baseUrl);
    const chunked = Array.isArray(body);
    const request = http.request(url, {
      method,
      agent: false,
      headers: { 'content-type': 'application/json', ...(body !== undefined && !chunked ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    // The server may answer and close before the whole body is sent: the answer is what counts.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    if (chunked) for (const chunk of body) request.write(chunk);
    else if (body !== undefined) request.write(body);
    request.end();
  });
}

/** An answer's JSON body with its requestId checked against X-Request-Id and taken out (tests/support/rest.ts). */
function jsonOf(answer: Answer): unknown {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value);
  return withoutRequestId(JSON.parse(answer.text), headers);
}

const restError = (status: number, message = statusMessages[status]!) => ({ statusCode: status, code: codeForStatus(status), message });

/** tRPC's envelope of a single call's failure (superjson). */
function trpcFailure(answer: Answer): { status: number; message: string; code: string } {
  const parsed = JSON.parse(answer.text) as { error: { json: { message: string; data: { code: string } } } };
  return { status: answer.status, message: parsed.error.json.message, code: parsed.error.json.data.code };
}

const malformed = (bytes: number) => `{oops${' '.repeat(bytes)}`;
const manyItems = (count: number) => JSON.stringify({ email: 'a@shop.test', password: 'x', list: Array<number>(count).fill(0) });
const deep = (depth: number) => `{"email":"a@shop.test","password":"x","nested":${'['.repeat(depth)}${']'.repeat(depth)}}`;
const manyKeys = (count: number) => `{${Array.from({ length: count }, (_, i) => `"k${i}":1`).join(',')}}`;

describe('bodies nobody takes are never parsed', () => {
  it('answers an unknown route with 404, whatever the body: malformed, large, many keys', async () => {
    const notFound = { status: 404, body: restError(404) };
    for (const path of ['/api/no-such-thing', '/api/tags/1/nothing', '/no-such-page']) {
      const answer = await send(t, 'POST', path, malformed(900_000));
      expect({ status: answer.status, body: jsonOf(answer) }, path).toEqual(notFound);
    }
    // Over the largest limit of any route, with 120 000 keys: still 404, not 413 or 400.
    const flood = await send(t, 'POST', '/api/no-such-thing', manyKeys(120_000));
    expect(flood.status).toBe(404);
    // A method the path does not have is the same unknown route (Fastify answers 404 for it).
    expect((await send(t, 'PATCH', '/api/tags', malformed(10))).status).toBe(404);
  });

  it('leaves the body of a GET, HEAD and DELETE unread', async () => {
    const list = await send(t, 'GET', '/api/tags', malformed(100_000));
    expect(list.status).toBe(200);
    expect((await send(t, 'HEAD', '/api/tags', malformed(100)))).toMatchObject({ status: 200 });
    // A DELETE takes its input from the path: a malformed body does not make it a 400.
    const gone = await send(t, 'DELETE', '/api/tags/999999', malformed(100_000), { authorization: `Bearer ${admin}` });
    expect({ status: gone.status, body: jsonOf(gone) }).toEqual({ status: 404, body: restError(404) });
    // tRPC: a query over GET, and a DELETE naming a mutation, with a body that would not parse.
    const query = await send(t, 'GET', `/trpc/catalogue.tags.list?input=${encodeURIComponent('{"json":{}}')}`, malformed(100_000));
    expect(query.status).toBe(200);
    const deleteCall = await send(t, 'DELETE', '/trpc/accounts.auth.signin', malformed(100_000));
    expect(trpcFailure(deleteCall)).toMatchObject({ status: 405, code: 'METHOD_NOT_SUPPORTED' });
  });

  it('leaves unread the body of a tRPC request naming no mutation (queries, unknown names)', async () => {
    const unknown = await send(t, 'POST', '/trpc/no.such.procedure', malformed(100_000));
    expect(trpcFailure(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const query = await send(t, 'POST', '/trpc/catalogue.tags.list', malformed(100_000));
    expect(trpcFailure(query)).toMatchObject({ status: 405, code: 'METHOD_NOT_SUPPORTED' });
  });
});

describe('each route reads at most its limit', () => {
  it('refuses a REST body over the limit with 413, from Content-Length alone, before reading it', async () => {
    const over = await send(t, 'POST', '/api/auth/signin', manyItems(40_000));
    expect(Buffer.byteLength(manyItems(40_000))).toBeGreaterThan(defaultBodyLimit);
    expect({ status: over.status, body: jsonOf(over) }).toEqual({ status: 413, body: restError(413) });

    // Headers that announce 50 MB and no body at all: the answer cannot have waited for it.
    const socket = net.connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write('POST /api/products HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/connection: close/i);
    const requestId = /x-request-id: (\S+)/i.exec(answer)?.[1];
    expect(requestId).toEqual(expect.any(String));
    expect(answer).toContain(JSON.stringify({ ...restError(413), requestId }));
  });

  it('stops reading a chunked body (no Content-Length) at the limit', async () => {
    const chunks = ['{"email":"a@shop.test","message":"', ...Array.from({ length: 20 }, () => 'Здравствуйте! '.repeat(200)), '"}'];
    const answer = await send(t, 'POST', '/api/users/help', chunks);
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect({ status: answer.status, body: jsonOf(answer) }).toEqual({ status: 413, body: restError(413) });
  });

  it('refuses a tRPC body over the limit of the procedures it names with 413, in tRPC’s envelope', async () => {
    const single = await send(t, 'POST', '/trpc/accounts.auth.signin', JSON.stringify({ json: JSON.parse(manyItems(40_000)) as unknown }));
    expect(trpcFailure(single)).toEqual({ status: 413, message: statusMessages[413], code: 'PAYLOAD_TOO_LARGE' });
    expect(single.headers['connection']).toBe('close');
    // A batch may carry the sum of its calls' limits: two sign-ins take 128 KB, so 100 KB passes the size check.
    const body = JSON.stringify({ 0: { json: { email: 'a@shop.test', password: 'x', pad: 'x'.repeat(100_000) } }, 1: { json: {} } });
    const batch = await send(t, 'POST', '/trpc/accounts.auth.signin,accounts.auth.signin?batch=1', body);
    expect(batch.status).not.toBe(413);
    const alone = await send(t, 'POST', '/trpc/accounts.auth.signin', JSON.stringify({ json: { email: 'a@shop.test', password: 'x', pad: 'x'.repeat(100_000) } }));
    expect(alone.status).toBe(413);
  });
});

describe('the shape of a JSON body is bounded before it is parsed', () => {
  const tooMany = `${statusMessages[400]} ${domainMessages.jsonTooManyMembers} ${jsonShapeBounds.maxMembers}.`;
  const tooDeep = `${statusMessages[400]} ${domainMessages.jsonTooDeep} ${jsonShapeBounds.maxDepth}.`;

  it('refuses too many keys and items, or too deep a nesting, with 400 in Russian (REST and tRPC)', async () => {
    const items = await send(t, 'POST', '/api/auth/signin', manyItems(jsonShapeBounds.maxMembers + 1));
    expect({ status: items.status, body: jsonOf(items) }).toEqual({ status: 400, body: restError(400, tooMany) });
    const keys = await send(t, 'PUT', '/api/products/1', manyKeys(jsonShapeBounds.maxMembers + 1), { authorization: `Bearer ${admin}` });
    expect({ status: keys.status, body: jsonOf(keys) }).toEqual({ status: 400, body: restError(400, tooMany) });
    const nested = await send(t, 'POST', '/api/auth/signin', deep(jsonShapeBounds.maxDepth));
    expect({ status: nested.status, body: jsonOf(nested) }).toEqual({ status: 400, body: restError(400, tooDeep) });

    const trpcItems = await send(t, 'POST', '/trpc/accounts.auth.signin', `{"json":${manyItems(jsonShapeBounds.maxMembers + 1)}}`);
    expect(trpcFailure(trpcItems)).toEqual({ status: 400, message: tooMany, code: 'BAD_REQUEST' });
    const trpcDeep = await send(t, 'POST', '/trpc/accounts.auth.signin', `{"json":${deep(jsonShapeBounds.maxDepth)}}`);
    expect(trpcFailure(trpcDeep)).toEqual({ status: 400, message: tooDeep, code: 'BAD_REQUEST' });
  });

  it('counts only structure: brackets, commas and quotes inside strings do not count', () => {
    const bounds = { maxMembers: 3, maxDepth: 2 };
    const shape = (text: string) => jsonShapeProblem(Buffer.from(text), bounds);
    expect(shape('{"a":[1,2]}')).toBeNull();
    expect(shape('{"a":[1,2,3]}')).toBe('members');
    expect(shape('{"a":[[1]]}')).toBe('depth');
    expect(shape(JSON.stringify({ a: '[[[[,,,,{{{{', b: 'он сказал "[,]" \\', c: '\\"[[[' }))).toBeNull();
    expect(shape('{"a":"\\\\"}')).toBeNull();
    expect(shape('{"a":"\\\\",')).toBe(null);
    expect(shape('[[[')).toBe('depth');
  });

  it('scans a body split anywhere into chunks as it scans the whole (escapes and characters cut in two)', () => {
    const bytes = Buffer.from(JSON.stringify({ a: 'x\\"[,]\\\\', b: [1, 2, { c: 'д"е\\' }] }));
    for (const maxMembers of [5, 6]) {
      const bounds = { maxMembers, maxDepth: 3 };
      const whole = jsonShapeProblem(bytes, bounds);
      expect(whole).toBe(maxMembers === 5 ? 'members' : null);
      for (let cut = 0; cut <= bytes.length; cut++) {
        const scanner = new JsonShapeScanner(bounds);
        const split = scanner.push(bytes.subarray(0, cut)) ?? scanner.push(bytes.subarray(cut));
        expect(split, `cut at ${cut}`).toBe(whole);
      }
    }
  });

  it('names only mutations in its table of larger bodies', () => {
    // Over tRPC only mutations take a body: a name that is not one would count for nothing.
    for (const path of procedureBodyLimitPaths()) expect(trpcBodyLimit(path, false), path).toBe(procedureBodyLimit(path));
    expect(procedureBodyLimit('catalogue.products.update')).toBeGreaterThan(defaultBodyLimit);
    expect(trpcBodyLimit('catalogue.tags.list', false)).toBe(0);
    expect(trpcBodyLimit('accounts.auth.signin,catalogue.tags.list,no.such', true)).toBe(defaultBodyLimit);
  });
});

describe('a per-IP budget of requests with a body', () => {
  it('answers 429 with Retry-After before reading the body; requests without one are not counted', async () => {
    const limited = await startTestApp({ BODY_REQUESTS_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i++) expect((await send(limited, 'POST', '/api/auth/signin', malformed(10))).status).toBe(400);
      for (let i = 0; i < 5; i++) expect((await send(limited, 'GET', '/api/tags')).status).toBe(200);

      const rest = await send(limited, 'POST', '/api/auth/signin', malformed(10));
      expect({ status: rest.status, body: jsonOf(rest) }).toEqual({ status: 429, body: restError(429) });
      expect(Number(rest.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(rest.headers['retry-after'])).toBeLessThanOrEqual(60);

      const trpc = await send(limited, 'POST', '/trpc/accounts.auth.signin', malformed(10));
      expect(trpcFailure(trpc)).toEqual({ status: 429, message: statusMessages[429], code: 'TOO_MANY_REQUESTS' });
      expect(Number(trpc.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await send(limited, 'POST', '/api/no-such-thing', malformed(10))).status).toBe(429);
      // Still served without a body.
      expect((await send(limited, 'GET', '/api/tags')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const anotherIp = () => `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** The shared store needs a Redis server: scripts/test-all.sh starts the machine's one on 127.0.0.1:6379. */
describe('the body budget shared through Redis (REDIS_URL)', () => {
  it('counts requests another instance counted', async () => {
    const shared = await startTestApp({ BODY_REQUESTS_PER_MINUTE: '3', REDIS_URL: redisUrl });
    // A second instance of the shop as far as the budget goes: its own counters, its own connection.
    const otherInstance = new RateLimits({ perMinute: 1000, bodyRequestsPerMinute: 3, redisUrl, log: { warn: () => undefined } });
    const redis = new Redis(redisUrl);
    try {
      // Until its connection is ready an instance counts in memory: wait until both write to Redis.
      await vi.waitFor(async () => {
        const probe = anotherIp();
        await otherInstance.consumeOrWait('body', probe);
        await send(shared, 'POST', '/api/auth/signin', '{}', { 'x-forwarded-for': probe });
        expect(await redis.get(`shop-body:${probe}`)).toBe('2');
      }, slow);

      const ip = anotherIp();
      expect(await otherInstance.consumeOrWait('body', ip)).toBe(0);
      expect(await otherInstance.consumeOrWait('body', ip)).toBe(0);
      expect((await send(shared, 'POST', '/api/auth/signin', malformed(10), { 'x-forwarded-for': ip })).status).toBe(400);
      const refused = await send(shared, 'POST', '/api/auth/signin', malformed(10), { 'x-forwarded-for': ip });
      expect({ status: refused.status, body: jsonOf(refused) }).toEqual({ status: 429, body: restError(429) });
      expect(await otherInstance.consumeOrWait('body', ip)).toBeGreaterThanOrEqual(1);
      // Another address keeps its own budget.
      expect((await send(shared, 'POST', '/api/auth/signin', malformed(10), { 'x-forwarded-for': anotherIp() })).status).toBe(400);
    } finally {
      redis.disconnect();
      await otherInstance.close();
      await shared.close();
    }
  });
});

describe('the largest legitimate bodies still pass', () => {
  it('saves a product with 50 variants of 20 images, a long description, parameters and extra fields (REST and tRPC)', async () => {
    const images = await Promise.all(Array.from({ length: 20 }, () => libraryImage(t.db)));
    const product = (url: string, prefix: string) => ({
      name: 'Кроссовки беговые',
      url,
      desc: 'Лёгкие беговые кроссовки для длинных дистанций. '.repeat(400).slice(0, 20_000),
      parameters: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`Параметр ${i}`, 'значение '.repeat(55).trim()])),
      extra: { notes: 'Поставщик: ООО «Ромашка». '.repeat(2_000), sizesChart: Array.from({ length: 40 }, (_, i) => ({ ru: 36 + i / 2, eu: 37 + i / 2 })) },
      variants: Array.from({ length: 50 }, (_, i) => ({ article: `${prefix}-${i}`, price: 1000 + i, stock: i, images })),
    });
    const first = product('krossovki-dlinnye', 'LONG');
    expect(Buffer.byteLength(JSON.stringify(first))).toBeGreaterThan(3 * defaultBodyLimit);

    const created = await t.rest<{ id: number; version: number; variants: unknown[] }>('POST', '/products', { body: first, token: admin });
    expect(created.status).toBe(200);
    expect(created.body.variants).toHaveLength(50);
    const updated = await t.rest<{ version: number }>('PUT', `/products/${created.body.id}`, { body: { ...first, version: created.body.version }, token: admin });
    expect(updated.status).toBe(200);

    const viaTrpc = await t.trpc(admin).catalogue.products.create.mutate(product('krossovki-trpc', 'TRPC'));
    expect(viaTrpc.variants).toHaveLength(50);
  });

  it('saves a news post with a long HTML body (REST and tRPC)', async () => {
    const paragraph = '<p>Новая коллекция уже в магазине: <strong>кроссовки</strong>, <a href="https://shop.example/catalog">куртки</a> и «аксессуары».</p>';
    const body = paragraph.repeat(Math.floor(199_000 / paragraph.length));
    expect(Buffer.byteLength(JSON.stringify({ body }))).toBeGreaterThan(4 * defaultBodyLimit);
    const news = { title: 'Большая новость', url: 'bolshaya-novost', excerpt: '', body, image: null, showOnMain: false };
    const created = await t.rest<{ id: number; body: string; version: number }>('POST', '/news', { body: news, token: admin });
    expect(created.status).toBe(200);
    expect(created.body.body.length).toBeGreaterThan(190_000);
    const updated = await t.trpc(admin).content.news.update.mutate({ ...news, newsId: created.body.id, version: created.body.version });
    expect(updated.version).toBe(created.body.version + 1);
  });
});
