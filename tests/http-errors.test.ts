import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { rawFetch } from './support/rest.js';

/** Every refusal, including Fastify’s own, answers in one JSON shape with a Russian message; text with a NUL character and ids that are not plain decimals are refused. */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
});

afterAll(() => t?.close());

const bad = (message: string) => ({ status: 400, body: { statusCode: 400, code: 'BAD_REQUEST', message } });

const raw = (path: string, init: RequestInit = {}) => rawFetch(t.baseUrl, path, init);

describe('a NUL character in any text', () => {
  it('is refused with 400 naming the field, in queries, paths, bodies and over tRPC', async () => {
    const field = (name: string) => bad(`${statusMessages[400]} ${name}: ${domainMessages.nulCharacter}`);
    expect(await t.rest('GET', '/tags?name=%00')).toEqual(field('name'));
    expect(await t.rest('GET', '/products/by-url/a%00b')).toEqual(field('url'));
    expect(await t.rest('POST', '/auth/signup', { body: { firstName: 'Ан\u0000на', email: 'nul@shop.test', password: 'x-password-1', consent: true } })).toEqual(field('firstName'));
    expect(await t.rest('POST', '/users/help', { body: { email: 'a@shop.test', message: 'при\u0000вет' } })).toEqual(field('message'));
    const product = { name: 'Товар', url: 'tovar-nul', variants: [{ article: 'A\u0000B', price: 10, stock: 1 }] };
    expect(await t.rest('POST', '/products', { token: adminToken, body: product })).toEqual(field('variants.0.article'));
    await expect(t.trpc().catalogue.tags.list.query({ name: '\u0000' })).rejects.toMatchObject({ data: { httpStatus: 400 } });
  });
});

describe('every refusal in one JSON shape, in Russian', () => {
  it('answers Fastify’s own refusals: over-long and malformed paths, oversized bodies, bad content types', async () => {
    expect(await raw(`/api/products/${'a'.repeat(6000)}`)).toMatchObject({ status: 414, body: { statusCode: 414, code: 'URI_TOO_LONG', message: statusMessages[414] } });
    expect(await raw('/api/%zz')).toMatchObject({ status: 400, body: { statusCode: 400, code: 'BAD_REQUEST', message: statusMessages[400] } });
    expect(await raw('/%zz')).toMatchObject({ status: 400, body: { statusCode: 400, code: 'BAD_REQUEST', message: statusMessages[400] } });
    const huge = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), url: 'huge' });
    const oversized = await raw('/api/tags', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` }, body: huge });
    expect(oversized).toMatchObject({ status: 413, body: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: statusMessages[413] } });
    const xml = await raw('/api/tags', { method: 'POST', headers: { 'content-type': 'application/xml', authorization: `Bearer ${adminToken}` }, body: '<tag/>' });
    expect(xml).toMatchObject({ status: 415, body: { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: statusMessages[415] } });
  });

});

describe('ids in paths', () => {
  it('are decimal integers only: +1, 01, 0x10 and 1e1 are refused, not read as another record', async () => {
    const tag = await t.rest<{ id: number }>('POST', '/tags', { token: adminToken, body: { name: 'Шестнадцать', url: 'shestnadtsat' } });
    expect((await t.rest('GET', `/tags/${tag.body.id}`)).status).toBe(200);
    for (const id of ['+1', '01', '0x10', '1e1', '1.0', ' 1', '-1', '0', '99999999999']) {
      expect((await t.rest('GET', `/tags/${encodeURIComponent(id)}`)).status, id).toBe(400);
    }
  });
});

describe('requests the shop cannot route or parse', () => {
  it('answers an unknown /api path with 404 and the shared Russian message', async () => {
    expect(await t.rest('GET', '/no-such-thing')).toEqual({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: statusMessages[404] } });
    expect(await t.rest('POST', '/no/such/thing', { body: {} })).toEqual({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: statusMessages[404] } });
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
    expect(answer).toContain(JSON.stringify({ statusCode: 400, code: 'BAD_REQUEST', message: statusMessages[400] }));
  });

  it('answers malformed JSON with 400 in the shared JSON shape', async () => {
    const response = await fetch(`${t.baseUrl}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: statusMessages[400], requestId: response.headers.get('x-request-id') });
  });
});
