import { describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import type { Product, ProductCard } from '../src/shared/schemas/catalogue.js';
import { adminToken, cat, color, post, product, t, useCatalogue, type List } from './support/catalogue-support.js';

/**
 * Products over the known catalogue (support/catalogue-support.ts): prices in kopecks and rubles,
 * the open fields, variant edits, refused writes, and every catalogue REST call documented and routed.
 */

useCatalogue();

describe('products', () => {
  it('keeps kopecks inside and rubles outside, and the cheapest in-stock variant as the price', () => {
    const air = product['air']!;
    // The white variant is cheaper but out of stock.
    expect(air).toMatchObject({ price: 7990, oldPrice: 9990, inStock: true, image: 'air-black.webp', availability: true });
    expect(product['kids']!.price).toBe(2990.5);
    expect(product['boots']).toMatchObject({ price: 12990, inStock: false });
    expect(product['jacket']).toMatchObject({ price: 14990, oldPrice: null, inStock: true });
    expect(air.variants.map((variant) => [variant.article, variant.price, variant.color?.url])).toEqual([
      ['NK-AIR-BLK', 7990, 'chernyj'],
      ['NK-AIR-WHT', 6990, 'belyj'],
    ]);
    expect(air.colors.map((item) => item.url).sort()).toEqual(['belyj', 'chernyj']);
    expect(air.categories).toEqual([{ id: cat['krossovki']!.id, name: 'Кроссовки', url: 'krossovki' }]);
    expect(air.brands.map((item) => item.url)).toEqual(['nike']);
    expect(air.tags.map((item) => item.url)).toEqual(['novinka']);
    expect(air.sizes.map((item) => item.url)).toEqual(['42']);
  });

  it('returns the open set of other fields and the parameters exactly as sent', async () => {
    const fetched = await t.rest<Product>('GET', '/products/by-url/krossovki-nike-air');
    expect(fetched.status).toBe(200);
    expect(fetched.body.extra).toEqual({ made_in: 'Вьетнам', weight_g: 280, nested: { snake_key: true } });
    expect(fetched.body.parameters).toEqual({ Материал: 'текстиль', Сезон: 'лето' });
    expect(fetched.body.id).toBe(product['air']!.id);
    const viaTrpc = await t.trpc().catalogue.products.get.query({ productId: product['air']!.id });
    expect(viaTrpc.createdAt).toBeInstanceOf(Date);
    expect(viaTrpc.extra).toEqual(fetched.body.extra);
    expect((await t.rest('GET', '/products/by-url/net-takogo')).status).toBe(404);
  });

  it('edits, adds and removes variants and recomputes the price in the same write', async () => {
    const created = await post<Product>('/products', {
      name: 'Сандалии летние',
      url: 'sandalii',
      categories: [cat['obuv']!.id],
      variants: [
        { article: 'SN-1', colorId: color['black']!.id, price: 3000, stock: 1 },
        { article: 'SN-2', colorId: color['white']!.id, price: 2500, stock: 1 },
      ],
    });
    expect(created.price).toBe(2500);
    const [first, second] = created.variants;
    const updated = await t.rest<Product>('PUT', `/products/${created.id}`, {
      body: {
        name: 'Сандалии летние',
        url: 'sandalii',
        categories: [cat['obuv']!.id],
        variants: [
          // Two variants swap articles in one edit; the second one is dropped and one is added.
          { id: first!.id, article: 'SN-2', colorId: color['black']!.id, price: 2800, stock: 4 },
          { article: 'SN-3', colorId: color['red']!.id, price: 1999.99, stock: 0, images: ['sn-red.webp'] },
        ],
      },
      token: adminToken,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.variants.map((variant) => [variant.id === first!.id, variant.article, variant.price])).toEqual([
      [true, 'SN-2', 2800],
      [false, 'SN-3', 1999.99],
    ]);
    expect(updated.body.variants.some((variant) => variant.id === second!.id)).toBe(false);
    expect(updated.body).toMatchObject({ price: 2800, inStock: true, image: 'sn-red.webp' });
    expect(new Date(updated.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());

    const foreign = await t.rest('PUT', `/products/${created.id}`, {
      body: { name: 'Сандалии', url: 'sandalii', variants: [{ id: product['air']!.variants[0]!.id, article: 'X-1', price: 1, stock: 1 }] },
      token: adminToken,
    });
    expect(foreign).toEqual({ status: 400, body: { statusCode: 400,code: 'BAD_REQUEST',  message: domainMessages.foreignVariant } });

    expect(await t.rest('DELETE', `/products/${created.id}`, { token: adminToken })).toEqual({ status: 200, body: { ok: true } });
    expect((await t.rest('GET', `/products/${created.id}`)).status).toBe(404);
    // Its colours are free again: the red colour is still used by other products, the variants went.
    const left = await t.db.selectFrom('productVariants').select('id').where('productId', '=', created.id).execute();
    expect(left).toEqual([]);
  });

  it('refuses taken urls and articles, repeated articles, missing references and bad prices', async () => {
    const base = { name: 'Копия', url: 'kopiya', variants: [{ article: 'COPY-1', price: 100, stock: 1 }] };
    expect(await t.rest('POST', '/products', { body: { ...base, url: 'krossovki-detskie' }, token: adminToken })).toEqual({
      status: 409,
      body: { statusCode: 409,code: 'CONFLICT',  message: domainMessages.duplicateUrl },
    });
    expect(
      await t.rest('POST', '/products', { body: { ...base, variants: [{ article: 'NK-AIR-BLK', price: 1, stock: 1 }] }, token: adminToken }),
    ).toEqual({ status: 409, body: { statusCode: 409,code: 'CONFLICT',  message: `${domainMessages.articleTaken}NK-AIR-BLK` } });
    const repeated = { ...base, variants: [base.variants[0], base.variants[0]] };
    expect(await t.rest('POST', '/products', { body: repeated, token: adminToken })).toEqual({
      status: 400,
      body: { statusCode: 400,code: 'BAD_REQUEST',  message: `${domainMessages.articleRepeated}COPY-1` },
    });
    expect(await t.rest('POST', '/products', { body: { ...base, brands: [99999] }, token: adminToken })).toEqual({
      status: 400,
      body: { statusCode: 400,code: 'BAD_REQUEST',  message: domainMessages.referencedMissing },
    });
    const tooPrecise = await t.rest<{ message: string }>('POST', '/products', {
      body: { ...base, variants: [{ article: 'COPY-1', price: 10.555, stock: 1 }] },
      token: adminToken,
    });
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body.message).toContain('Не больше двух знаков после запятой');
    // A price of 0 (or below) would sell the product for «0 ₽»: refused by the shared schema.
    for (const price of [0, -5]) {
      const free = await t.rest<{ message: string }>('POST', '/products', { body: { ...base, variants: [{ article: 'COPY-1', price, stock: 1 }] }, token: adminToken });
      expect(free.status).toBe(400);
      expect(free.body.message).toContain('Цена должна быть больше нуля');
    }
    const noVariants = await t.rest<{ message: string }>('POST', '/products', { body: { ...base, variants: [] }, token: adminToken });
    expect(noVariants.body.message).toContain('Добавьте хотя бы один вариант');
    expect((await t.rest<List<ProductCard>>('GET', '/products?limit=100')).body.length).toBe(6);
  });
});

describe('the REST surface', () => {
  it('documents every catalogue REST call and routes each to its procedure', async () => {
    const surface = [
      'GET /brands', 'POST /brands', 'GET /brands/{brandId}', 'PUT /brands/{brandId}', 'DELETE /brands/{brandId}',
      'GET /categories', 'POST /categories', 'GET /categories/{categoryId}', 'PUT /categories/{categoryId}', 'DELETE /categories/{categoryId}',
      'GET /categories/categoriesTree',
      'GET /colors', 'POST /colors', 'GET /colors/{colorId}', 'PUT /colors/{colorId}', 'DELETE /colors/{colorId}',
      'GET /products', 'POST /products', 'GET /products/{productId}', 'PUT /products/{productId}', 'DELETE /products/{productId}',
      'GET /products/by-url/{url}', 'GET /products/priceRange',
    ];
    const document = await t.rest<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json');
    for (const line of surface) {
      const [method, path] = line.split(' ') as [string, string];
      expect(Object.keys(document.body.paths[path] ?? {}), line).toContain(method.toLowerCase());
      // An anonymous call: reads answer, writes are refused as unauthorised (never 404 or 500).
      const concrete = path.replace(/\{\w+Id\}/, '1').replace('{url}', 'krossovki-nike-air');
      const answer = await t.rest(method, concrete, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
      expect(answer.status, line).toBe(method === 'GET' ? 200 : 401);
    }
  });
});
