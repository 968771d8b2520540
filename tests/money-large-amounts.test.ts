import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceRange } from '../src/server/services/catalogue/listing/price-range.js';
import { priceRangeSchema, type Product, type ProductCard } from '../src/shared/schemas/catalogue.js';
import type { Basket, BasketSummary, Checkout, CheckoutStats } from '../src/shared/schemas/orders.js';
import { openOneConnection, startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest } from './support/orders-support.js';

/**
 * Money above what a 32-bit integer of kopecks holds (21 474 836,47 ₽): prices up to the shared
 * schema's 100 000 000 ₽, and baskets, orders and the dashboard's sums above that, kept exact.
 */

let t: TestApp;
let adminToken = '';
let dear: Product;
let cheap: Product;

interface List<T> {
  rows: T[];
  length: number;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
  const brand = await post<{ id: number }>('/brands', { name: 'Ювелирный дом', url: 'yuvelirnyj-dom' });
  cheap = await post<Product>('/products', {
    name: 'Футляр для колье',
    url: 'futlyar',
    brands: [brand.id],
    variants: [{ article: 'CASE-1', price: 1234.56, stock: 10 }],
  });
  dear = await post<Product>('/products', {
    name: 'Колье «Императрица»',
    url: 'kole-imperatrica',
    brands: [brand.id],
    variants: [{ article: 'NECK-1', price: 50_000_000, oldPrice: 60_000_000.99, stock: 3 }],
  });
});

afterAll(() => t?.close());

describe('prices above 21 474 836,47 ₽', () => {
  it('are stored and read back exact, listed, filtered, sorted and give the price range its end', async () => {
    expect(dear).toMatchObject({ price: 50_000_000, oldPrice: 60_000_000.99 });
    expect(dear.variants[0]).toMatchObject({ price: 50_000_000, oldPrice: 60_000_000.99 });
    const read = await t.rest<Product>('GET', `/products/${dear.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ price: 50_000_000, oldPrice: 60_000_000.99 });
    expect(read.body.variants[0]).toMatchObject({ price: 50_000_000, oldPrice: 60_000_000.99 });

    const ascending = await t.rest<List<ProductCard>>('GET', '/products?sortBy=price&orderBy=asc');
    expect(ascending.body.rows.map((row) => [row.url, row.price, row.oldPrice])).toEqual([
      ['futlyar', 1234.56, null],
      ['kole-imperatrica', 50_000_000, 60_000_000.99],
    ]);
    const descending = await t.rest<List<ProductCard>>('GET', '/products?sortBy=price&orderBy=desc');
    expect(descending.body.rows.map((row) => row.url)).toEqual(['kole-imperatrica', 'futlyar']);
    const dearOnly = await t.rest<List<ProductCard>>('GET', '/products?minPrice=30000000&maxPrice=99999999.99');
    expect(dearOnly.status).toBe(200);
    expect(dearOnly.body.rows.map((row) => row.url)).toEqual(['kole-imperatrica']);

    expect((await t.rest('GET', '/products/priceRange')).body).toEqual({ minPrice: 1234.56, maxPrice: 50_000_000 });
    expect((await t.rest('GET', '/products/priceRange?brands=yuvelirnyj-dom')).body).toEqual({ minPrice: 1234.56, maxPrice: 50_000_000 });
  });

  it('accept exactly 100 000 000 ₽ and refuse 100 000 000,01 ₽, naming the field', async () => {
    const top = await t.rest<Product>('POST', '/products', {
      body: { name: 'Тиара', url: 'tiara', variants: [{ article: 'TIARA-1', price: 100_000_000, stock: 1 }] },
      token: adminToken,
    });
    expect(top.status).toBe(200);
    expect(top.body.price).toBe(100_000_000);
    expect((await t.rest<Product>('GET', '/products/by-url/tiara')).body.variants[0]?.price).toBe(100_000_000);

    const over = await t.rest<{ statusCode: number; message: string }>('POST', '/products', {
      body: { name: 'Корона', url: 'korona', variants: [{ article: 'CROWN-1', price: 100_000_000.01, stock: 1 }] },
      token: adminToken,
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('price');
    expect(over.body.message).toContain('Слишком большая цена');
    expect((await t.rest('GET', '/products/by-url/korona')).status).toBe(404);
  });
});

describe('baskets, orders and the dashboard above 21 474 836,47 ₽', () => {
  // 2 × 50 000 000,00 + 1 × 1 234,56
  const total = 100_001_234.56;

  it('sum a basket, record an order and add up the revenue exactly', async () => {
    const created = await t.rest<Basket>('POST', '/baskets', { body: {} });
    const basketId = created.body.id;
    const lines = [
      { variantId: dear.variants[0]!.id, quantity: 2 },
      { variantId: cheap.variants[0]!.id, quantity: 1 },
    ];
    const put = await t.rest<Basket>('PUT', `/baskets/${basketId}`, { body: { orderProducts: lines } });
    expect(put.status).toBe(200);
    expect(put.body.totalAmount).toBe(total);
    expect(put.body.orderProducts.map((line) => [line.price, line.oldPrice, line.lineTotal])).toEqual([
      [50_000_000, 60_000_000.99, 100_000_000],
      [1234.56, null, 1234.56],
    ]);
    expect((await t.rest<Basket>('GET', `/baskets/${basketId}`)).body.totalAmount).toBe(total);
    const baskets = await t.rest<List<BasketSummary>>('GET', '/baskets?minTotalAmount=100000000', { token: adminToken });
    expect(baskets.body.rows.map((row) => [row.id, row.totalAmount])).toEqual([[basketId, total]]);

    const placed = await t.rest<Checkout>('POST', '/checkouts/direct', { body: { ...guest, basketId, address: delivery } });
    expect(placed.status).toBe(200);
    expect(placed.body.totalAmount).toBe(total);
    expect(placed.body.lines.map((line) => [line.article, line.price, line.quantity, line.lineTotal])).toEqual([
      ['NECK-1', 50_000_000, 2, 100_000_000],
      ['CASE-1', 1234.56, 1, 1234.56],
    ]);
    const stored = await t.db.selectFrom('checkouts').select('totalAmount').where('id', '=', placed.body.id).executeTakeFirstOrThrow();
    expect(stored.totalAmount).toBe(10_000_123_456);

    const all = await t.rest<List<Checkout>>('GET', '/checkouts/all?sortBy=totalAmount&orderBy=desc', { token: adminToken });
    expect(all.status).toBe(200);
    expect(all.body.rows.map((row) => [row.id, row.totalAmount])).toEqual([[placed.body.id, total]]);
    expect(all.body.rows[0]?.lines[0]?.price).toBe(50_000_000);
    const read = await t.rest<Checkout>('GET', `/checkouts/${placed.body.id}`, { token: adminToken });
    expect(read.body.totalAmount).toBe(total);

    const stats: CheckoutStats = await t.trpc(adminToken).orders.checkouts.stats.query();
    expect(stats.days[29]?.revenue).toBe(total);
    expect(stats.revenue30).toBe(total);
  });
});

describe('the money columns', () => {
  it('are bigint and keep their indexes and checks', async () => {
    const money = [
      ['baskets', 'total_amount'],
      ['checkout_lines', 'unit_price'],
      ['checkouts', 'delivery_cost'],
      ['checkouts', 'items_amount'],
      ['checkouts', 'total_amount'],
      ['delivery_methods', 'free_from'],
      ['delivery_methods', 'price'],
      ['delivery_zones', 'free_from'],
      ['delivery_zones', 'price'],
      ['product_variants', 'old_price'],
      ['product_variants', 'price'],
      ['products', 'old_price'],
      ['products', 'price'],
    ];
    const { rows: columns } = await sql<{ table: string; column: string; type: string }>`
      select table_name as table, column_name as column, data_type as type from information_schema.columns
      where table_schema = current_schema() and (table_name, column_name) in (${sql.join(money.map(([table, column]) => sql`(${table}, ${column})`))})
      order by 1, 2`.execute(t.db);
    expect(columns).toEqual(money.map(([table, column]) => ({ table, column, type: 'bigint' })));

    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      select indexname as name, substring(indexdef from '\\(.*\\)$') as definition from pg_indexes
      where schemaname = current_schema() and indexname in ('products_price_idx', 'product_variants_price_idx', 'product_variants_color_price_idx')
      order by 1`.execute(t.db);
    expect(indexes).toEqual([
      { name: 'product_variants_color_price_idx', definition: '(color_id, price, product_id)' },
      { name: 'product_variants_price_idx', definition: '(price, id)' },
      { name: 'products_price_idx', definition: '(price, id)' },
    ]);

    const { rows: checks } = await sql<{ table: string; definition: string }>`
      with own as materialized (
        -- This schema's constraints first: other test files drop their schemas meanwhile, and
        -- pg_get_constraintdef of a table dropped under the query fails.
        select c.oid, r.relname from pg_constraint c
        join pg_class r on r.oid = c.conrelid join pg_namespace n on n.oid = r.relnamespace
        where n.nspname = current_schema() and c.contype = 'c'
      )
      select relname as table, definition from (select relname, pg_get_constraintdef(oid) as definition from own) as defined
      where definition ~ '(price|total_amount) >= 0'
      order by 1, 2`.execute(t.db);
    expect(checks).toEqual([
      { table: 'baskets', definition: 'CHECK ((total_amount >= 0))' },
      { table: 'checkout_lines', definition: 'CHECK ((unit_price >= 0))' },
      { table: 'checkouts', definition: 'CHECK ((total_amount >= 0))' },
      { table: 'delivery_methods', definition: 'CHECK ((price >= 0))' },
      { table: 'delivery_zones', definition: 'CHECK ((price >= 0))' },
      { table: 'product_variants', definition: 'CHECK ((price >= 0))' },
      { table: 'products', definition: 'CHECK ((price >= 0))' },
    ]);
  });
});

describe('an instance running while another one migrates', () => {
  it('prepares its kept statements again once their columns have become bigint', async () => {
    const before = await startTestApp();
    try {
      const db = before.database.handle.db;
      // The shop as it was: 32-bit prices, and the price walks prepared on a connection.
      await sql`alter table product_variants alter column price type integer`.execute(db);
      const token = await before.signInAdmin();
      const created = await before.rest('POST', '/products', { body: { name: 'Брошь', url: 'brosh', variants: [{ article: 'B-1', price: 990, stock: 1 }] }, token });
      expect(created.status).toBe(200);
      // PGlite has one session (the app's); on PostgreSQL one connection is kept for both reads.
      const single = before.database.handle.kind === 'pglite' ? null : await openOneConnection(before);
      const reader = single?.db ?? db;
      try {
        const filters = priceRangeSchema.parse({});
        expect(await priceRange(reader, filters)).toEqual({ minPrice: 990, maxPrice: 990 });
        // Another instance migrates: PostgreSQL refuses a statement prepared for the old type.
        await sql`alter table product_variants alter column price type bigint`.execute(db);
        expect(await priceRange(reader, filters)).toEqual({ minPrice: 990, maxPrice: 990 });
        expect(await priceRange(reader, filters)).toEqual({ minPrice: 990, maxPrice: 990 });
      } finally {
        await single?.close();
      }
    } finally {
      await before.close();
    }
  });
});
