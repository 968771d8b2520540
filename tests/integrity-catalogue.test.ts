import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import type { Category, Product, ProductInput } from '../src/shared/schemas/catalogue.js';
import { withCategoryTree } from '../src/server/services/catalogue/listing/tree.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * Issue 11 on the catalogue: two instances on one database (on PostgreSQL each with its own pool,
 * so the races are real; on PGlite they share its single session), edits that never erase each
 * other, concurrency errors answered 409, and a category tree that cannot get a cycle.
 */
let a: TestApp;
let b: TestApp;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({}, undefined, a.database);
  tokenA = await a.signInAdmin();
  tokenB = await b.signInAdmin();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const stale = { statusCode: 409, message: domainMessages.staleVersion };

async function createProduct(app: TestApp, token: string, input: ProductInput): Promise<Product> {
  const response = await app.rest<Product>('POST', '/products', { token, body: input });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body;
}

const asInput = (product: Product, changes: Partial<ProductInput> = {}): ProductInput & { version: number } => ({
  name: product.name,
  url: product.url,
  variants: product.variants.map((variant) => ({ id: variant.id, article: variant.article, price: variant.price, stock: variant.stock, colorId: variant.color?.id ?? null })),
  version: product.version,
  ...changes,
});

describe('admin edits never silently erase each other', () => {
  it('refuses a product saved from a stale form with 409, and saves without a version as before', async () => {
    const loaded = await createProduct(a, tokenA, { name: 'Рюкзак', url: 'ryukzak', variants: [{ article: 'RK-1', price: 1000, stock: 1 }] });
    // Admin B adds a variant on the other instance.
    const withVariant = asInput(loaded);
    withVariant.variants = [...withVariant.variants, { article: 'RK-2', price: 1200, stock: 2 }];
    const added = await b.rest<Product>('PUT', `/products/${loaded.id}`, { token: tokenB, body: withVariant });
    expect(added.status).toBe(200);
    expect(added.body.version).toBe(loaded.version + 1);
    // Admin A saves the form loaded before: refused, and B's variant is still there.
    expect(await a.rest('PUT', `/products/${loaded.id}`, { token: tokenA, body: asInput(loaded, { name: 'Рюкзак городской' }) })).toEqual({ status: 409, body: stale });
    expect((await a.rest<Product>('GET', `/products/${loaded.id}`)).body.variants.map((variant) => variant.article)).toEqual(['RK-1', 'RK-2']);
    // A REST caller that sends no version keeps today's behaviour.
    const { version: _version, ...noVersion } = asInput(added.body, { name: 'Рюкзак туристический' });
    expect((await a.rest<Product>('PUT', `/products/${loaded.id}`, { token: tokenA, body: noVersion })).body.name).toBe('Рюкзак туристический');
    // tRPC too.
    await expect(a.trpc(tokenA).catalogue.products.update.mutate({ productId: loaded.id, ...asInput(loaded) })).rejects.toMatchObject({
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
      const created = await a.rest<{ id: number; version: number }>('POST', create, { token: tokenA, body });
      expect(created.status, create).toBe(200);
      const { password: _password, ...editable } = body;
      const first = await b.rest('PUT', item(created.body.id), { token: tokenB, body: { ...editable, version: created.body.version } });
      expect(first.status, create).toBe(200);
      expect(await a.rest('PUT', item(created.body.id), { token: tokenA, body: { ...editable, version: created.body.version } }), create).toEqual({ status: 409, body: stale });
      expect((await a.rest('PUT', item(created.body.id), { token: tokenA, body: editable })).status, create).toBe(200);
    }
  });
});

describe('concurrency errors are 409s, never 500s', () => {
  it('two saves adding the same new articles in opposite order: one wins, the other is told which article is taken', async () => {
    for (let round = 0; round < 15; round += 1) {
      const [first, second] = await Promise.all([
        createProduct(a, tokenA, { name: `Первый ${round}`, url: `pervyj-${round}`, variants: [{ article: `own-a-${round}`, price: 10, stock: 1 }] }),
        createProduct(b, tokenB, { name: `Второй ${round}`, url: `vtoroj-${round}`, variants: [{ article: `own-b-${round}`, price: 10, stock: 1 }] }),
      ]);
      const clash = [`clash-x-${round}`, `clash-y-${round}`];
      const add = (product: Product, articles: string[]) => ({
        ...asInput(product),
        variants: [...asInput(product).variants, ...articles.map((article) => ({ article, price: 5, stock: 1 }))],
      });
      const answers = await Promise.all([
        a.rest<{ message?: string }>('PUT', `/products/${first.id}`, { token: tokenA, body: add(first, clash) }),
        b.rest<{ message?: string }>('PUT', `/products/${second.id}`, { token: tokenB, body: add(second, [...clash].reverse()) }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      const refusal = answers.find((answer) => answer.status === 409)!;
      expect(refusal.body.message).toMatch(new RegExp(`^${domainMessages.articleTaken}clash-[xy]-${round}$`));
    }
  });

  it('a duplicate article created at the same moment names the article', async () => {
    const answers = await Promise.all(
      [a, b, a, b].map((app, index) =>
        app.rest<{ message?: string }>('POST', '/products', {
          token: app === a ? tokenA : tokenB,
          body: { name: `Дубль ${index}`, url: `dubl-${index}`, variants: [{ article: 'SAME-ARTICLE', price: 1, stock: 1 }] },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer).toEqual({ status: 409, body: { statusCode: 409, message: `${domainMessages.articleTaken}SAME-ARTICLE` } });
    }
  });
});

describe('no magic values in user data', () => {
  it('saves a product whatever articles other products have, and swaps articles within one save', async () => {
    const own = await createProduct(a, tokenA, {
      name: 'Кошелёк',
      url: 'koshelek',
      variants: [
        { article: 'KS-BLACK', price: 900, stock: 1 },
        { article: 'KS-BROWN', price: 950, stock: 1 },
      ],
    });
    const [first, second] = own.variants;
    // Another product uses exactly the articles a placeholder scheme would have used.
    await createProduct(a, tokenA, {
      name: 'Чужой',
      url: 'chuzhoj',
      variants: [
        { article: `~${first!.id}`, price: 1, stock: 1 },
        { article: `~${second!.id}`, price: 1, stock: 1 },
      ],
    });
    const swapped = await a.rest<Product>('PUT', `/products/${own.id}`, {
      token: tokenA,
      body: {
        ...asInput(own),
        variants: [
          { id: first!.id, article: 'KS-BROWN', price: 900, stock: 1 },
          { id: second!.id, article: 'KS-BLACK', price: 950, stock: 1 },
        ],
      },
    });
    expect(swapped.status).toBe(200);
    expect(swapped.body.variants.map((variant) => [variant.id, variant.article])).toEqual([
      [first!.id, 'KS-BROWN'],
      [second!.id, 'KS-BLACK'],
    ]);
  });
});

describe('category moves cannot make a cycle', () => {
  it('of two opposite moves at the same moment, one is refused; the tree stays whole', async () => {
    for (let round = 0; round < 8; round += 1) {
      const x = (await a.rest<Category>('POST', '/categories', { token: tokenA, body: { name: `Икс ${round}`, url: `iks-${round}` } })).body;
      const y = (await a.rest<Category>('POST', '/categories', { token: tokenA, body: { name: `Игрек ${round}`, url: `igrek-${round}` } })).body;
      const answers = await Promise.all([
        a.rest('PUT', `/categories/${x.id}`, { token: tokenA, body: { name: x.name, url: x.url, parentId: y.id } }),
        b.rest('PUT', `/categories/${y.id}`, { token: tokenB, body: { name: y.name, url: y.url, parentId: x.id } }),
      ]);
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([200, 400]);
      const tree = await a.rest<Array<{ id: number; children: Array<{ id: number }> }>>('GET', '/categories/categoriesTree');
      const root = tree.body.find((node) => node.id === x.id || node.id === y.id);
      expect(root?.children.map((child) => child.id)).toEqual([root?.id === x.id ? y.id : x.id]);
    }
  });

  it('never answers with a category tree other than the one the statement saw', async () => {
    const seen: boolean[] = [];
    const answer = await withCategoryTree(a.db, (tree, _check, db) => {
      seen.push(db.isTransaction);
      // Every answer claims a version the cached tree does not have: as if categories kept changing.
      return Promise.resolve({ result: tree.version, version: seen.length < 4 ? -1 : tree.version });
    });
    expect(seen).toEqual([false, false, false, true]);
    expect(typeof answer).toBe('number');
  });
});
