import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/server/db/seed.js';
import type { Brand, Category, ProductCard } from '../src/shared/schemas/catalogue.js';
import { startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;

interface List<T> {
  rows: T[];
  length: number;
}

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.db, { production: false });
  // Idempotent: a second run adds nothing.
  await seedDemoData(t.db, { production: false });
});
afterAll(() => t?.close());

describe('demo catalogue', () => {
  it('has at least 8 categories in two levels, with parameters', async () => {
    const tree = await t.rest<Array<Category & { children: Category[] }>>('GET', '/categories/categoriesTree');
    const children = tree.body.flatMap((node) => node.children);
    expect(tree.body.length).toBeGreaterThanOrEqual(3);
    expect(tree.body.length + children.length).toBeGreaterThanOrEqual(8);
    expect(tree.body.every((node) => node.children.length > 0 && node.parameters.length > 0)).toBe(true);
  });

  it('has 60 products with 1 to 4 variants, real colours, brands on the main page, some sold out', async () => {
    const all = await t.rest<List<ProductCard>>('GET', '/products?limit=1000');
    expect(all.body.length).toBe(60);
    expect(all.body.rows.some((row) => !row.inStock)).toBe(true);
    expect(all.body.rows.every((row) => row.price > 0 && row.colors.length >= 1 && row.colors.length <= 4 && row.brands.length === 1)).toBe(true);
    const variants = await t.db
      .selectFrom('productVariants')
      .select((eb) => ['productId', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('stock').as('stock')])
      .groupBy('productId')
      .execute();
    expect(variants).toHaveLength(60);
    expect(new Set(variants.map((row) => Number(row.n)))).toEqual(new Set([1, 2, 3, 4]));
    const main = await t.rest<List<Brand>>('GET', '/brands?showOnMain=true&limit=20');
    expect(main.body.length).toBeGreaterThanOrEqual(3);
    const colors = await t.db.selectFrom('colors').select('code').execute();
    expect(colors.length).toBeGreaterThanOrEqual(10);
    expect(colors.every((row) => /^#[0-9a-f]{6}$/.test(row.code))).toBe(true);
  });

  it('is searchable and filterable out of the box', async () => {
    const sneakers = await t.rest<List<ProductCard>>('GET', `/products?name=${encodeURIComponent('кросовки')}&limit=100`);
    expect(sneakers.body.length).toBeGreaterThanOrEqual(5);
    // The typo is corrected; products named so come first, then those found by their category
    // «Кроссовки» alone (docs/search.md), every one of which is found.
    const named = sneakers.body.rows.map((row) => /кроссовки/i.test(row.name));
    expect(named.filter(Boolean).length).toBeGreaterThanOrEqual(5);
    expect(named).toEqual([...named].sort((a, b) => Number(b) - Number(a)));
    const inCategory = await t.db
      .selectFrom('products as p')
      .innerJoin('productCategories as pc', 'pc.productId', 'p.id')
      .innerJoin('categories as c', 'c.id', 'pc.categoryId')
      .select('p.url')
      .where('c.url', '=', 'krossovki')
      .where('p.availability', '=', true)
      .execute();
    const found = new Set(sneakers.body.rows.map((row) => row.url));
    expect(inCategory.length).toBeGreaterThanOrEqual(5);
    expect(inCategory.filter((row) => !found.has(row.url))).toEqual([]);
    const shoes = await t.rest<List<ProductCard>>('GET', '/products?categories=obuv&available=true&sortBy=price&limit=100');
    const prices = shoes.body.rows.map((row) => row.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(shoes.body.rows.every((row) => row.inStock && row.availability)).toBe(true);
    const range = await t.rest<{ minPrice: number; maxPrice: number }>('GET', '/products/priceRange?categories=odezhda');
    expect(range.body.minPrice).toBeGreaterThan(0);
    expect(range.body.maxPrice).toBeGreaterThan(range.body.minPrice);
  });
});
