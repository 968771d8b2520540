import { describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import type { Product } from '../src/shared/schemas/catalogue.js';
import { twoInstances, asInput, createProduct } from './support/two-instances.js';

/** Admin edits never silently erase each other: a form saved from a stale version is refused with 409. Two instances share one database: on PostgreSQL each has its own pool, so the races are real; on PGlite they share its single session. */
const pair = twoInstances();

const stale = { statusCode: 409, code: 'CONFLICT', message: domainMessages.staleVersion };

describe('admin edits never silently erase each other', () => {
  it('refuses a product saved from a stale form with 409, and saves without a version as before', async () => {
    const loaded = await createProduct(pair.a, pair.tokenA, { name: 'Рюкзак', url: 'ryukzak', variants: [{ article: 'RK-1', price: 1000, stock: 1 }] });
    // Admin B adds a variant on the other instance.
    const withVariant = asInput(loaded);
    withVariant.variants = [...withVariant.variants, { article: 'RK-2', price: 1200, stock: 2 }];
    const added = await pair.b.rest<Product>('PUT', `/products/${loaded.id}`, { token: pair.tokenB, body: withVariant });
    expect(added.status).toBe(200);
    expect(added.body.version).toBe(loaded.version + 1);
    // Admin A saves the form loaded before: refused, and B's variant is still there.
    expect(await pair.a.rest('PUT', `/products/${loaded.id}`, { token: pair.tokenA, body: asInput(loaded, { name: 'Рюкзак городской' }) })).toEqual({ status: 409, body: stale });
    expect((await pair.a.rest<Product>('GET', `/products/${loaded.id}`)).body.variants.map((variant) => variant.article)).toEqual(['RK-1', 'RK-2']);
    // A REST caller that sends no version keeps today's behaviour.
    const { version: _version, ...noVersion } = asInput(added.body, { name: 'Рюкзак туристический' });
    expect((await pair.a.rest<Product>('PUT', `/products/${loaded.id}`, { token: pair.tokenA, body: noVersion })).body.name).toBe('Рюкзак туристический');
    // tRPC too.
    await expect(pair.a.trpc(pair.tokenA).catalogue.products.update.mutate({ productId: loaded.id, ...asInput(loaded) })).rejects.toMatchObject({
      message: domainMessages.staleVersion,
      data: { httpStatus: 409 },
    });
  });

  it('refuses a stale edit of a tag, size, colour, brand, category and user alike', async () => {
    const cases: Array<{ create: string; item: (id: number) => string; body: Record<string, unknown> }> = [
      { create: '/tags', item: (id) => `/tags/${id}`, body: { name: 'Тег', url: 'teg-v' } },
      { create: '/sizes', item: (id) => `/sizes/${id}`, body: { name: 'XL', url: 'xl-v' } },
      { create: '/colors', item: (id) => `/colors/${id}`, body: { name: 'Синий', url: 'sinij-v', code: '#0000ff' } },
      { create: '/brands', item: (id) => `/brands/${id}`, body: { name: 'Бренд', url: 'brend-v' } },
      { create: '/categories', item: (id) => `/categories/${id}`, body: { name: 'Раздел', url: 'razdel-v' } },
      { create: '/users', item: (id) => `/users/user/${id}`, body: { firstName: 'Вера', lastName: '', email: 'vera-v@shop.test', password: 'vera-password-1' } },
    ];
    for (const { create, item, body } of cases) {
      const created = await pair.a.rest<{ id: number; version: number }>('POST', create, { token: pair.tokenA, body });
      expect(created.status, create).toBe(200);
      const { password: _password, ...editable } = body;
      const first = await pair.b.rest('PUT', item(created.body.id), { token: pair.tokenB, body: { ...editable, version: created.body.version } });
      expect(first.status, create).toBe(200);
      expect(await pair.a.rest('PUT', item(created.body.id), { token: pair.tokenA, body: { ...editable, version: created.body.version } }), create).toEqual({ status: 409, body: stale });
      expect((await pair.a.rest('PUT', item(created.body.id), { token: pair.tokenA, body: editable })).status, create).toBe(200);
    }
  });
});
