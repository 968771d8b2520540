import { afterAll, beforeAll } from 'vitest';
import type { Product, ProductInput } from '../../src/shared/schemas/catalogue.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * Two instances of the shop on one database, each with an admin signed in: on PostgreSQL each has
 * its own pool, so races between them are real; on PGlite they share its single session. Call at
 * the top of a test file; the fields are filled before its tests run.
 */
export function twoInstances(): { a: TestApp; b: TestApp; tokenA: string; tokenB: string } {
  const pair = {} as { a: TestApp; b: TestApp; tokenA: string; tokenB: string };
  beforeAll(async () => {
    pair.a = await startTestApp();
    pair.b = await startTestApp({}, undefined, pair.a.database);
    pair.tokenA = await pair.a.signInAdmin();
    pair.tokenB = await pair.b.signInAdmin();
  });
  afterAll(async () => {
    await pair.b?.close();
    await pair.a?.close();
  });
  return pair;
}

export async function createProduct(app: TestApp, token: string, input: ProductInput): Promise<Product> {
  const response = await app.rest<Product>('POST', '/products', { token, body: input });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body;
}

/** A product as its edit form sends it back, with the version it was loaded at. */
export const asInput = (product: Product, changes: Partial<ProductInput> = {}): ProductInput & { version: number } => ({
  name: product.name,
  url: product.url,
  variants: product.variants.map((variant) => ({ id: variant.id, article: variant.article, price: variant.price, stock: variant.stock, colorId: variant.color?.id ?? null })),
  version: product.version,
  ...changes,
});
