import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import { startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
});
afterAll(() => t?.close());

describe('tags over REST', () => {
  it('creates, reads, lists, updates and deletes a tag', async () => {
    const created = await t.rest<{ id: number; name: string; url: string }>('POST', '/tags', {
      body: { name: 'Новинка', url: 'novinka' },
      token: adminToken,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Новинка', url: 'novinka' });

    const fetched = await t.rest('GET', `/tags/${created.body.id}`);
    expect(fetched).toEqual({ status: 200, body: created.body });

    const updated = await t.rest('PUT', `/tags/${created.body.id}`, { body: { name: 'Новинки', url: 'novinki' }, token: adminToken });
    expect(updated.body).toEqual({ id: created.body.id, name: 'Новинки', url: 'novinki', version: 2 });

    const list = await t.rest<{ rows: unknown[]; length: number }>('GET', '/tags?name=новинк');
    expect(list.body).toEqual({ rows: [updated.body], length: 1 });

    expect((await t.rest('DELETE', `/tags/${created.body.id}`, { token: adminToken })).status).toBe(200);
    expect(await t.rest('GET', `/tags/${created.body.id}`)).toEqual({
      status: 404,
      body: { statusCode: 404,code: 'NOT_FOUND',  message: statusMessages[404] },
    });
  });

  it('pages with limit and offset, sorts with sortBy and orderBy, and reports the total length', async () => {
    for (const [name, url] of [['Альфа', 'alfa'], ['Бета', 'beta'], ['Гамма', 'gamma'], ['Дельта', 'delta']]) {
      await t.rest('POST', '/tags', { body: { name, url }, token: adminToken });
    }
    const page = await t.rest<{ rows: Array<{ name: string }>; length: number }>(
      'GET',
      '/tags?sortBy=name&orderBy=DESC&limit=2&offset=1',
    );
    expect(page.status).toBe(200);
    expect(page.body.length).toBe(4);
    expect(page.body.rows.map((row) => row.name)).toEqual(['Гамма', 'Бета']);
  });

  it('refuses writes without a token (401) and with a non-admin token (403)', async () => {
    expect(await t.rest('POST', '/tags', { body: { name: 'X', url: 'x' } })).toEqual({
      status: 401,
      body: { statusCode: 401,code: 'UNAUTHORIZED',  message: statusMessages[401] },
    });
    await t.db
      .insertInto('users')
      .values({ email: 'buyer@shop.test', firstName: 'Иван', lastName: 'Петров', passwordHash: await (await import('../src/server/services/accounts/passwords.js')).hashPassword('buyer-password') })
      .execute();
    const buyer = await t.trpc().accounts.auth.signin.mutate({ email: 'buyer@shop.test', password: 'buyer-password' });
    const refused = await t.rest('POST', '/tags', { body: { name: 'X', url: 'x' }, token: buyer.accessToken });
    expect(refused).toEqual({ status: 403, body: { statusCode: 403,code: 'FORBIDDEN',  message: statusMessages[403] } });
  });

  it('answers bad input with 400 and a Russian message naming the field', async () => {
    const bad = await t.rest<{ statusCode: number; message: string }>('POST', '/tags', {
      body: { name: 'Плохой', url: 'Плохой url' },
      token: adminToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.statusCode).toBe(400);
    expect(bad.body.message).toContain('Адрес (url) может содержать только латинские буквы, цифры и дефисы');
    const badId = await t.rest('GET', '/tags/abc');
    expect(badId.status).toBe(400);
  });

  it('refuses a duplicate url with 409', async () => {
    await t.rest('POST', '/tags', { body: { name: 'Один', url: 'odin' }, token: adminToken });
    const again = await t.rest('POST', '/tags', { body: { name: 'Два', url: 'odin' }, token: adminToken });
    expect(again).toEqual({ status: 409, body: { statusCode: 409,code: 'CONFLICT',  message: domainMessages.duplicateUrl } });
  });
});

describe('sizes over tRPC', () => {
  it('creates, lists, updates and deletes a size with the same rules', async () => {
    const admin = t.trpc(adminToken);
    const size = await admin.catalogue.sizes.create.mutate({ name: 'XL', url: 'xl' });
    expect(size).toMatchObject({ name: 'XL', url: 'xl' });
    const listed = await t.trpc().catalogue.sizes.list.query({ name: 'xl' });
    expect(listed).toEqual({ rows: [size], length: 1 });
    const renamed = await admin.catalogue.sizes.update.mutate({ sizeId: size.id, name: 'XXL', url: 'xxl' });
    expect(renamed.name).toBe('XXL');
    await admin.catalogue.sizes.delete.mutate({ sizeId: size.id });
    await expect(t.trpc().catalogue.sizes.get.query({ sizeId: size.id })).rejects.toMatchObject({
      message: statusMessages[404],
      data: { httpStatus: 404 },
    });
  });

  it('refuses an anonymous write with UNAUTHORIZED', async () => {
    const error = await t.trpc().catalogue.sizes.create.mutate({ name: 'S', url: 's' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<never>).message).toBe(statusMessages[401]);
  });
});
