import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import type { AuthResponse } from '../src/shared/schemas/accounts.js';
import { restFrom, waitForLetters } from './accounts-support.js';
import { startTestApp, type TestApp } from './harness.js';

/** Issue 10: what an attacker, an integrator and an operator tried, each answered as it should be. */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp({ LETTERS_PER_ADDRESS_PER_HOUR: '3' });
  adminToken = await t.signInAdmin();
});
afterAll(() => t?.close());

const bad = (message: string) => ({ status: 400, body: { statusCode: 400, message } });

async function raw(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${t.baseUrl}${path}`, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body, headers: response.headers };
}

let shoppers = 0;
async function signUp(email = `shopper${(shoppers += 1)}@shop.test`): Promise<AuthResponse> {
  const response = await t.rest<AuthResponse>('POST', '/auth/signup', { body: { firstName: 'Анна', email, password: 'anna-password-1' } });
  expect(response.status).toBe(200);
  return response.body;
}

describe('tokens nobody can forge', () => {
  it('signs with a random key kept in the database, never with a key written in the source', async () => {
    const secret = await t.db.selectFrom('appState').select('value').where('name', '=', 'jwt-secret').executeTakeFirstOrThrow();
    expect(secret.value.length).toBeGreaterThanOrEqual(48);
    const { user } = await signUp();
    const forged = await new SignJWT({ role: 'Admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('dev-only-secret-never-use-in-production-0123456789'));
    expect((await t.rest('GET', '/users', { token: forged })).status).toBe(401);
  });

  it('shares the key with every instance on the database, and another database has its own', async () => {
    const second = await startTestApp({}, undefined, t.database);
    const elsewhere = await startTestApp();
    try {
      expect((await second.rest('GET', '/users?limit=1', { token: adminToken })).status).toBe(200);
      const foreign = await elsewhere.signInAdmin();
      expect((await t.rest('GET', '/users?limit=1', { token: foreign })).status).toBe(401);
    } finally {
      await second.close();
      await elsewhere.close();
    }
  });
});

describe('a NUL character in any text', () => {
  it('is refused with 400 naming the field, in queries, paths, bodies and over tRPC', async () => {
    const field = (name: string) => bad(`${statusMessages[400]} ${name}: ${domainMessages.nulCharacter}`);
    expect(await t.rest('GET', '/tags?name=%00')).toEqual(field('name'));
    expect(await t.rest('GET', '/products/by-url/a%00b')).toEqual(field('url'));
    expect(await t.rest('POST', '/auth/signup', { body: { firstName: 'Ан\u0000на', email: 'nul@shop.test', password: 'x-password-1' } })).toEqual(field('firstName'));
    expect(await t.rest('POST', '/users/help', { body: { email: 'a@shop.test', message: 'при\u0000вет' } })).toEqual(field('message'));
    const product = { name: 'Товар', url: 'tovar-nul', variants: [{ article: 'A\u0000B', price: 10, stock: 1 }] };
    expect(await t.rest('POST', '/products', { token: adminToken, body: product })).toEqual(field('variants.0.article'));
    await expect(t.trpc().catalogue.tags.list.query({ name: '\u0000' })).rejects.toMatchObject({ data: { httpStatus: 400 } });
  });
});

describe('every refusal in the SPEC shape, in Russian', () => {
  it('answers Fastify’s own refusals: over-long and malformed paths, oversized bodies, bad content types', async () => {
    expect(await raw(`/api/products/${'a'.repeat(6000)}`)).toMatchObject({ status: 414, body: { statusCode: 414, message: statusMessages[414] } });
    expect(await raw('/api/%zz')).toMatchObject({ status: 400, body: { statusCode: 400, message: statusMessages[400] } });
    expect(await raw('/%zz')).toMatchObject({ status: 400, body: { statusCode: 400, message: statusMessages[400] } });
    const huge = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), url: 'huge' });
    const oversized = await raw('/api/tags', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` }, body: huge });
    expect(oversized).toMatchObject({ status: 413, body: { statusCode: 413, message: statusMessages[413] } });
    const xml = await raw('/api/tags', { method: 'POST', headers: { 'content-type': 'application/xml', authorization: `Bearer ${adminToken}` }, body: '<tag/>' });
    expect(xml).toMatchObject({ status: 415, body: { statusCode: 415, message: statusMessages[415] } });
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

describe('security headers', () => {
  it('sends a CSP with scripts from this origin only and no framing, nosniff and a strict referrer policy', async () => {
    for (const path of ['/', '/api/tags', '/health']) {
      const { headers } = await raw(path);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS when the shop is served over https', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const response = await fetch(`${secure.baseUrl}/api/tags`);
      expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});

describe('tRPC batches', () => {
  it('are bounded at 10 calls: more is 400', async () => {
    const batch = (count: number) => {
      const paths = Array.from({ length: count }, () => 'catalogue.tags.list').join(',');
      const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_unused, index) => [index, { json: {} }]))));
      return raw(`/trpc/${paths}?batch=1&input=${input}`);
    };
    expect((await batch(10)).status).toBe(200);
    const refused = await batch(11);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(domainMessages.tooManyBatched);
  });
});

describe('the sign-up letter is not a spam tool', () => {
  it('accepts names of letters, spaces, hyphens and apostrophes only', async () => {
    const signup = (firstName: string, lastName = '') =>
      t.rest('POST', '/auth/signup', { body: { firstName, lastName, email: `n${(shoppers += 1)}@shop.test`, password: 'x-password-1' } });
    for (const name of ['Анна-Мария', 'д’Артаньян', 'Jean Luc', "O'Neil"]) expect((await signup(name)).status, name).toBe(200);
    for (const name of ['Выиграйте приз на http://spam.example', 'Anna<b>', 'A'.repeat(51), 'Анна--Мария', 'www.spam.ru']) {
      expect((await signup(name)).status, name).toBe(400);
    }
    expect((await signup('Анна', 'http://x.ru')).status).toBe(400);
  });

  it('sends at most the hourly share of letters to one address, whoever asks', async () => {
    const { user, accessToken } = await signUp('victim@shop.test');
    for (const ip of ['10.1.0.1', '10.2.0.2', '10.3.0.3']) {
      await restFrom(t.baseUrl, ip, 'POST', '/auth/reset', { body: { email: user.email } });
    }
    // The confirmation letter of the sign-up and two reset letters; the third reset is not sent.
    await waitForLetters(t.db, user.email, 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const letters = await t.db.selectFrom('mailOutbox').select('subject').where('recipient', '=', user.email).execute();
    expect(letters.map((letter) => letter.subject)).toEqual(['Подтвердите адрес электронной почты', 'Восстановление пароля', 'Восстановление пароля']);
    expect(await t.rest('POST', '/users/email-confirmation', { token: accessToken })).toEqual({
      status: 429,
      body: { statusCode: 429, message: domainMessages.tooManyLetters },
    });
  });
});

describe('a client that follows SPEC.md section 4 keeps its session', () => {
  it('refreshes again and again with its first refresh token', async () => {
    const { refreshToken } = await signUp();
    for (let round = 0; round < 4; round += 1) {
      const refreshed = await t.rest<{ accessToken: string }>('POST', '/auth/token', { body: { token: refreshToken } });
      expect(refreshed.status).toBe(200);
      expect((await t.rest('POST', '/auth/session', { body: { token: refreshed.body.accessToken } })).status).toBe(200);
    }
  });

  it('still ends every session on sign-out, password change and demotion', async () => {
    const session = await signUp();
    await t.trpc().accounts.auth.signout.mutate({ token: session.refreshToken });
    expect((await t.rest('POST', '/auth/token', { body: { token: session.refreshToken } })).status).toBe(403);

    const other = await signUp();
    await t.trpc(other.accessToken).accounts.users.changePassword.mutate({ currentPassword: 'anna-password-1', password: 'anna-password-2' });
    expect((await t.rest('POST', '/auth/token', { body: { token: other.refreshToken } })).status).toBe(403);

    const moderator = await signUp();
    const promoted = { ...moderator.user, role: 'SuperUser' as const };
    expect((await t.rest('PUT', `/users/user/${moderator.user.id}`, { token: adminToken, body: promoted })).status).toBe(200);
    expect((await t.rest('POST', '/auth/token', { body: { token: moderator.refreshToken } })).status).toBe(403);

    const leaving = await signUp();
    expect((await t.rest('DELETE', `/users/user/${leaving.user.id}`, { token: adminToken })).status).toBe(200);
    expect((await t.rest('POST', '/auth/token', { body: { token: leaving.refreshToken } })).status).toBe(403);
  });
});

describe('integrators get no silent wrong answers', () => {
  it('reads key[]= and key[0]= as lists', async () => {
    const make = async (url: string) => (await t.rest<{ id: number }>('POST', '/colors', { token: adminToken, body: { name: url, url, code: '#123456' } })).body.id;
    const [first, second] = [await make('pervyj'), await make('vtoroj')];
    const variant = (colorId: number, article: string) => ({ article, colorId, price: 100, stock: 1 });
    for (const [url, colorId] of [['tovar-1', first], ['tovar-2', second]] as const) {
      expect((await t.rest('POST', '/products', { token: adminToken, body: { name: url, url, variants: [variant(colorId, url)] } })).status).toBe(200);
    }
    expect((await t.rest('POST', '/products', { token: adminToken, body: { name: 'третий', url: 'tovar-3', variants: [{ article: 't3', price: 1, stock: 1 }] } })).status).toBe(200);
    for (const query of ['colors[]=pervyj&colors[]=vtoroj', 'colors[0]=pervyj&colors[1]=vtoroj', 'colors=pervyj,vtoroj', 'colors=pervyj&colors=vtoroj']) {
      const list = await t.rest<{ length: number }>('GET', `/products?${query}`);
      expect(list.body.length, query).toBe(2);
    }
    expect((await t.rest<{ length: number }>('GET', '/products?colors[]=pervyj')).body.length).toBe(1);
  });

  it('lowers a limit above the maximum to the maximum instead of refusing it', async () => {
    expect((await t.rest('GET', '/tags?limit=10000')).status).toBe(200);
    expect((await t.rest('GET', '/products?limit=10000')).status).toBe(200);
    expect((await t.rest('GET', '/tags?limit=0')).status).toBe(400);
    const document = await t.rest<{ paths: Record<string, { get: { parameters: Array<{ name: string; schema: { description?: string } }> } }> }>('GET', '/openapi.json');
    const limit = document.body.paths['/tags']?.get.parameters.find((parameter) => parameter.name === 'limit');
    expect(limit?.schema.description).toContain('уменьшается до 1000');
  });

  it('keeps unknown top-level fields of a product and answers them at the top level', async () => {
    const body = { name: 'Открытый', url: 'otkrytyj', warranty: '2 года', madeIn: { country: 'Россия' }, id: 999, price: 1, variants: [{ article: 'open-1', price: 500, stock: 2 }] };
    const created = await t.rest<Record<string, unknown>>('POST', '/products', { token: adminToken, body });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ warranty: '2 года', madeIn: { country: 'Россия' }, price: 500, extra: { warranty: '2 года', madeIn: { country: 'Россия' } } });
    expect(created.body['id']).not.toBe(999);
    // Sent back as read, nothing computed becomes part of the open set.
    const updated = await t.rest<Record<string, unknown>>('PUT', `/products/${String(created.body['id'])}`, { token: adminToken, body: { ...created.body, warranty: '3 года' } });
    expect(updated.status).toBe(200);
    expect(updated.body['extra']).toEqual({ warranty: '3 года', madeIn: { country: 'Россия' } });
  });
});
