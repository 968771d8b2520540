import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/shared/schemas/catalogue.js';
import { priceRangeSchema, productListSchema } from '../src/shared/schemas/catalogue.js';
import { embeddedWrites, isReadOnlyStatement } from '../src/server/db/embedded-writes.js';
import { keptAnswers } from '../src/server/services/catalogue/listing/caches.js';
import { listProducts } from '../src/server/services/catalogue/listing/list-products.js';
import { priceRange } from '../src/server/services/catalogue/listing/price-range.js';
import { startTestApp, type TestApp } from './support/harness.js';

/**
 * Finished catalogue answers are kept on the embedded database until its next write
 * (services/catalogue/listing/caches.ts, db/embedded-writes.ts), and never on PostgreSQL.
 */

let t: TestApp;
let adminToken = '';
let embedded = false;
const products: Product[] = [];
const search = productListSchema.parse({ name: 'термос', limit: 12 });

beforeAll(async () => {
  t = await startTestApp();
  embedded = t.database.handle.kind === 'pglite';
  adminToken = await t.signInAdmin();
  for (const [i, name] of ['Термос стальной', 'Термос детский', 'Термос походный'].entries()) {
    const response = await t.rest<Product>('POST', '/products', {
      body: { name, url: `thermos-${i}`, variants: [{ article: `TH-${i}`, price: 1000 + i * 100, stock: 5 }] },
      token: adminToken,
    });
    expect(response.status).toBe(200);
    products.push(response.body);
  }
});
afterAll(() => t?.close());

describe('which statements count as writes', () => {
  it.each([
    'select 1',
    '/* prepared */ with "q" as (select 1) select * from "q"',
    '  -- a comment\nselect "updated_at", "deleted" from products',
    'begin',
    'commit',
    'rollback',
    'savepoint "s"',
  ])('%s only reads', (statement) => expect(isReadOnlyStatement(statement)).toBe(true));

  it.each([
    'insert into products (name) values ($1)',
    'update "product_variants" set "stock" = 0',
    'delete from products',
    'with gone as (delete from baskets returning id) select count(*) from gone',
    'select * from products for update',
    'select * into copy_of_products from products',
    "select nextval('orders_id_seq')",
    'set constraints product_variants_article_key deferred',
    'vacuum analyze',
    'create table t (id int)',
  ])('%s may write', (statement) => expect(isReadOnlyStatement(statement)).toBe(false));
});

describe('kept catalogue answers', () => {
  it('answers a repeated list and price range from memory on PGlite only, sharing one reading', async () => {
    const first = await Promise.all([1, 2, 3, 4].map(() => listProducts(t.db, search)));
    expect(first[0]!.rows.map((row) => row.name).sort()).toEqual(['Термос детский', 'Термос походный', 'Термос стальной']);
    const again = await listProducts(t.db, search);
    const range = await priceRange(t.db, priceRangeSchema.parse({ name: 'термос' }));
    expect(range).toEqual({ minPrice: 1000, maxPrice: 1200 });
    expect(await priceRange(t.db, priceRangeSchema.parse({ name: 'термос' }))).toEqual(range);
    if (embedded) {
      // Four requests at once made one reading; the next one is answered with it.
      for (const answer of first) expect(answer).toBe(first[0]);
      expect(again).toBe(first[0]);
      expect(keptAnswers(t.db)).toBe(2);
    } else {
      expect(embeddedWrites(t.db)).toBeNull();
      expect(again).not.toBe(first[0]);
      expect(again).toEqual(first[0]);
      expect(keptAnswers(t.db)).toBe(0);
    }
  });

  it('answers what the database holds after a write through the API', async () => {
    const before = await listProducts(t.db, search);
    const product = products[0]!;
    const variants = product.variants.map((v) => ({ id: v.id, article: v.article, price: 777, stock: v.stock }));
    const response = await t.rest('PUT', `/products/${product.id}`, { body: { name: product.name, url: product.url, variants }, token: adminToken });
    expect(response.status).toBe(200);
    const after = await listProducts(t.db, search);
    expect(after).not.toBe(before);
    expect(after.rows.find((row) => row.id === product.id)?.price).toBe(777);
    expect(await priceRange(t.db, priceRangeSchema.parse({ name: 'термос' }))).toEqual({ minPrice: 777, maxPrice: 1200 });
  });

  it('answers what the database holds after any statement that writes, and a rolled-back one', async () => {
    await listProducts(t.db, search);
    await sql`update products set rating = 4.5 where id = ${products[1]!.id}`.execute(t.db);
    const rated = await listProducts(t.db, search);
    expect(rated.rows.find((row) => row.id === products[1]!.id)?.rating).toBe(4.5);

    await t.db
      .transaction()
      .execute(async (trx) => {
        await sql`delete from products where id = ${products[2]!.id}`.execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const kept = await listProducts(t.db, search);
    expect(kept.rows).toHaveLength(3);
    if (embedded) expect(await listProducts(t.db, search)).toBe(kept);

    await t.rest('DELETE', `/products/${products[2]!.id}`, { token: adminToken });
    expect((await listProducts(t.db, search)).rows.map((row) => row.id)).not.toContain(products[2]!.id);
  });
});
