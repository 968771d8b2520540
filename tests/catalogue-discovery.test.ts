import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Product, ProductCard, ProductInput } from '../src/shared/schemas/catalogue.js';
import type { CheckoutStatus } from '../src/server/db/tables/orders.js';
import { startTestApp, type TestApp } from './support/harness.js';

/**
 * The product page's discovery rows (docs/catalogue.md, "Discovery"): similar products (same
 * category first, sibling categories to fill, the price window, in stock), bought together (counted
 * from orders, cancelled ones ignored) and cards by url (recently viewed).
 */

let t: TestApp;
let adminToken: string;
const product: Record<string, Product> = {};

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function addProduct(key: string, category: Category, price: number, extra: Partial<ProductInput> = {}): Promise<void> {
  product[key] = await post<Product>('/products', {
    name: `Товар ${key}`,
    url: `tovar-${key}`,
    categories: [category.id],
    variants: [{ article: `ART-${key.toUpperCase()}`, price, stock: 5 }],
    ...extra,
  });
}

/** An order of these products, written as the checkout writes it. */
async function order(status: CheckoutStatus, keys: string[]): Promise<void> {
  const placed = await t.db
    .insertInto('checkouts')
    .values({ status, firstName: 'Ольга', lastName: 'Соколова', email: 'olga@example.ru', phone: '+79161234567', address: 'ул. Тверская, 1', city: 'Москва', country: 'Россия', zipCode: '125009', totalAmount: 100, totalQuantity: keys.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('checkoutLines')
    .values(
      keys.map((key, position) => {
        const item = product[key]!;
        const variant = item.variants[0]!;
        return { checkoutId: placed.id, position, productId: item.id, variantId: variant.id, productName: item.name, productUrl: item.url, article: variant.article, quantity: 1, unitPrice: 100 };
      }),
    )
    .execute();
}

const urls = (rows: ProductCard[]) => rows.map((row) => row.url);

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
  const shoes = await post<Category>('/categories', { name: 'Обувь', url: 'obuv' });
  const sneakers = await post<Category>('/categories', { name: 'Кроссовки', url: 'krossovki', parentId: shoes.id });
  const keds = await post<Category>('/categories', { name: 'Кеды', url: 'kedy', parentId: shoes.id });
  const clothes = await post<Category>('/categories', { name: 'Одежда', url: 'odezhda' });
  const jackets = await post<Category>('/categories', { name: 'Куртки', url: 'kurtki', parentId: clothes.id });
  await addProduct('a', sneakers, 5000);
  await addProduct('b', sneakers, 5500);
  await addProduct('c', sneakers, 6400);
  // Outside the ±30 % window.
  await addProduct('d', sneakers, 7000);
  await addProduct('soldout', sneakers, 4900, { variants: [{ article: 'ART-SOLDOUT', price: 4900, stock: 0 }] });
  await addProduct('withdrawn', sneakers, 5000, { availability: false });
  // A sibling category (same parent) and another branch.
  await addProduct('f', keds, 5100);
  await addProduct('g', jackets, 5000);

  await order('New', ['a', 'c']);
  await order('Completed', ['c', 'a', 'g']);
  await order('Canceled', ['a', 'b']);
  await order('InDelivery', ['f', 'a']);
  // Orders without the product do not count.
  await order('New', ['b', 'g']);
});

afterAll(() => t?.close());

describe('similar products', () => {
  it('answers the same category in the price window first, sibling categories only to fill, never the product or a sold-out one', async () => {
    const similar = await t.rest<{ rows: ProductCard[] }>('GET', '/products/tovar-a/similar');
    expect(similar.status).toBe(200);
    expect(urls(similar.body.rows)).toEqual(['tovar-b', 'tovar-c', 'tovar-f']);
    // A card like the catalogue list's, in rubles.
    expect(similar.body.rows[0]).toMatchObject({ id: product['b']!.id, name: 'Товар b', price: 5500, oldPrice: null, inStock: true, availability: true, colors: [], brands: [] });
  });

  it('keeps to the limit, nearest price first', async () => {
    const similar = await t.trpc().catalogue.discovery.similar.query({ url: 'tovar-b', limit: 2 });
    // b costs 5500: a (500 away) and c (900 away) are in its own category.
    expect(urls(similar.rows)).toEqual(['tovar-a', 'tovar-c']);
  });
});

describe('bought together', () => {
  it('counts the orders the product shares with others, most first, and ignores cancelled orders', async () => {
    const together = await t.rest<{ rows: ProductCard[] }>('GET', '/products/tovar-a/bought-together');
    expect(together.status).toBe(200);
    // c is in two orders with a; f and g in one each; b only in a cancelled one.
    expect(urls(together.body.rows)).toEqual(['tovar-c', 'tovar-f', 'tovar-g']);
    expect((await t.rest<{ rows: ProductCard[] }>('GET', '/products/tovar-d/bought-together')).body.rows).toEqual([]);
  });
});

describe('cards by url', () => {
  it('answers the products in the order given, skipping unknown and withdrawn ones', async () => {
    const cards = await t.rest<{ rows: ProductCard[] }>('GET', '/products/by-urls?urls=tovar-c,net-takogo,tovar-withdrawn,tovar-a');
    expect(cards.status).toBe(200);
    expect(urls(cards.body.rows)).toEqual(['tovar-c', 'tovar-a']);
    const repeated = await t.trpc().catalogue.discovery.byUrls.query({ urls: ['tovar-soldout', 'tovar-b'] });
    expect(repeated.rows.map((row) => [row.url, row.inStock])).toEqual([
      ['tovar-soldout', false],
      ['tovar-b', true],
    ]);
  });
});

describe('refusals', () => {
  it('answers 404 in Russian for an unknown product', async () => {
    for (const path of ['/products/net-takogo/similar', '/products/net-takogo/bought-together']) {
      const answer = await t.rest<{ message: string }>('GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Товар не найден');
    }
  });

  it('refuses bad parameters with 400', async () => {
    const tooMany = Array.from({ length: 13 }, (_, n) => `tovar-${n}`).join(',');
    for (const path of ['/products/tovar-a/similar?limit=0', '/products/tovar-a/bought-together?limit=abc', '/products/by-urls', `/products/by-urls?urls=${tooMany}`]) {
      const answer = await t.rest<{ message: string }>('GET', path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.message, path).toMatch(/[а-яё]/i);
    }
    // Above 12 a limit is lowered to 12, as every list's limit is.
    expect((await t.rest('GET', '/products/tovar-a/similar?limit=50')).status).toBe(200);
  });
});
