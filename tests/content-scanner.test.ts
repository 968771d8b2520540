import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import { restFrom } from './support/accounts-support.js';
import { shopperToken, type Rows } from './support/content-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

interface Scanner {
  id: number;
  qrCode: string;
  title: string;
  tags: string[];
  checkCount: number;
  version: number;
}

let t: TestApp;
let admin: string;
let shopper: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
  admin = await t.signInAdmin();
  shopper = await shopperToken(t);
});
afterAll(() => t?.close());

describe('QR records (staff only)', () => {
  it('creates with a generated unguessable code or a given one, reads, updates and deletes (REST)', async () => {
    const generated = await t.rest<Scanner>('POST', '/scanner', { body: { title: 'Кроссовки «Вектор»', tags: ['obuv', 'partiya-1'] }, token: admin });
    expect(generated.status).toBe(200);
    expect(generated.body.qrCode).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(generated.body).toMatchObject({ title: 'Кроссовки «Вектор»', tags: ['obuv', 'partiya-1'], checkCount: 0, version: 1 });

    const given = await t.rest<Scanner>('POST', '/scanner', { body: { qrCode: 'SHOP-000001', tags: ['partiya-1', 'partiya-1'] }, token: admin });
    expect(given.body).toMatchObject({ qrCode: 'SHOP-000001', tags: ['partiya-1'] });
    expect((await t.rest('POST', '/scanner', { body: { qrCode: 'SHOP-000001' }, token: admin })).status).toBe(409);
    expect((await t.rest('POST', '/scanner', { body: { qrCode: 'плохой код' }, token: admin })).status).toBe(400);

    expect((await t.rest('GET', `/scanner/${given.body.id}`, { token: admin })).body).toEqual(given.body);
    const updated = await t.rest<Scanner>('PUT', `/scanner/${given.body.id}`, { body: { title: 'Сумка', tags: ['sumki'], version: 1 }, token: admin });
    expect(updated.body).toMatchObject({ qrCode: 'SHOP-000001', title: 'Сумка', tags: ['sumki'], version: 2 });
    expect(await t.rest('PUT', `/scanner/${given.body.id}`, { body: { title: 'X', version: 1 }, token: admin })).toEqual({
      status: 409,
      body: { statusCode: 409,code: 'CONFLICT',  message: domainMessages.staleVersion },
    });
    expect((await t.rest('DELETE', `/scanner/${given.body.id}`, { token: admin })).status).toBe(200);
    expect((await t.rest('GET', `/scanner/${given.body.id}`, { token: admin })).status).toBe(404);
  });

  it('lists filtered by any of the tags, sorted and paged (tRPC and REST)', async () => {
    const caller = t.trpc(admin).content.scanner;
    await caller.create.mutate({ qrCode: 'LIST-0001', tags: ['a'] });
    await caller.create.mutate({ qrCode: 'LIST-0002', tags: ['b'] });
    await caller.create.mutate({ qrCode: 'LIST-0003', tags: ['a', 'c'] });
    const tagged = await caller.list.query({ tags: ['a', 'b'], sortBy: 'qrCode', orderBy: 'asc' });
    expect(tagged.rows.map((row) => row.qrCode)).toEqual(['LIST-0001', 'LIST-0002', 'LIST-0003']);
    const rest = await t.rest<Rows<Scanner>>('GET', '/scanner?tags=c&tags=b&sortBy=qrCode&orderBy=desc', { token: admin });
    expect(rest.body.rows.map((row) => row.qrCode)).toEqual(['LIST-0003', 'LIST-0002']);
    const paged = await t.rest<Rows<Scanner>>('GET', '/scanner?tags=a,b,c&sortBy=qrCode&orderBy=asc&limit=1&offset=2', { token: admin });
    expect(paged.body).toMatchObject({ length: 3, rows: [{ qrCode: 'LIST-0003' }] });
  });

  it('keeps every staff call from shoppers (403) and the anonymous (401)', async () => {
    expect((await t.rest('GET', '/scanner', { token: shopper })).status).toBe(403);
    expect((await t.rest('GET', '/scanner')).status).toBe(401);
    expect((await t.rest('POST', '/scanner', { body: {}, token: shopper })).status).toBe(403);
    expect((await t.rest('DELETE', '/scanner/1', { token: shopper })).status).toBe(403);
  });

  it('downloads the QR image as PNG and SVG (Admin only), pointing to the check page', async () => {
    const record = await t.trpc(admin).content.scanner.create.mutate({ qrCode: 'QR-IMAGE-1' });
    const png = await fetch(`${t.baseUrl}/api/scanner/${record.id}/qr.png`, { headers: { authorization: `Bearer ${admin}` } });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toBe('attachment; filename="qr-QR-IMAGE-1.png"');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const svg = await fetch(`${t.baseUrl}/api/scanner/${record.id}/qr.svg`, { headers: { authorization: `Bearer ${admin}` } });
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg/);
    expect((await fetch(`${t.baseUrl}/api/scanner/${record.id}/qr.png`)).status).toBe(401);
    expect((await fetch(`${t.baseUrl}/api/scanner/${record.id}/qr.png`, { headers: { authorization: `Bearer ${shopper}` } })).status).toBe(403);
    expect((await fetch(`${t.baseUrl}/api/scanner/99999/qr.svg`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/scanner/x/qr.svg`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(400);
  });
});

describe('the public check', () => {
  it('tells whether a code is genuine and counts the checks, revealing nothing else', async () => {
    await t.trpc(admin).content.scanner.create.mutate({ qrCode: 'CHECK-0001', title: 'Куртка «Север»' });
    expect(await t.trpc().content.scanner.check.mutate({ code: 'CHECK-0001' })).toEqual({ genuine: true, checks: 1, title: 'Куртка «Север»', firstCheck: true });
    const again = await restFrom(t.baseUrl, '10.1.0.1', 'POST', '/scanner/check/CHECK-0001');
    expect(again.body).toEqual({ genuine: true, checks: 2, title: 'Куртка «Север»', firstCheck: false });
    expect((await restFrom(t.baseUrl, '10.1.0.1', 'POST', '/scanner/check/CHECK-0002')).body).toEqual({ genuine: false, checks: 0, title: '', firstCheck: false });
    const stored = await t.db.selectFrom('scanners').select('checkCount').where('qrCode', '=', 'CHECK-0001').executeTakeFirstOrThrow();
    expect(stored.checkCount).toBe(2);
  });

  it('is rate-limited per IP', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt += 1) answers.push((await restFrom(t.baseUrl, '10.1.1.1', 'POST', `/scanner/check/GUESS-${attempt}00`)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('REST surface', () => {
  it('documents every content REST call in /api/openapi.json', async () => {
    const expected = [
      'GET /news', 'POST /news', 'GET /news/{newsId}', 'PUT /news/{newsId}', 'DELETE /news/{newsId}', 'GET /news/by-url/{url}',
      'GET /subscribes', 'POST /subscribes', 'GET /subscribes/{mailId}', 'DELETE /subscribes/{mailId}', 'POST /subscribes/call', 'GET /subscribes/files',
      'GET /scanner', 'POST /scanner', 'GET /scanner/{scannerId}', 'PUT /scanner/{scannerId}', 'DELETE /scanner/{scannerId}',
      'GET /slides', 'POST /slides', 'PUT /slides', 'GET /slides/{slideId}',
      'GET /advertisements', 'GET /advertisements/{advertisementId}', 'PUT /advertisements/{advertisementId}',
    ];
    const document = (await t.rest<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json')).body;
    for (const line of expected) {
      const [method, path] = line.split(' ') as [string, string];
      expect(document.paths[path]?.[method.toLowerCase()], line).toBeDefined();
    }
    expect(document.paths['/scanner/{scannerId}/qr.png']?.['get']).toBeDefined();
  });
});
