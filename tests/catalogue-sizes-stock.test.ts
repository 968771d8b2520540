import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductCard } from '../src/shared/schemas/catalogue.js';
import type { Checkout } from '../src/shared/schemas/orders.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest } from './support/orders-support.js';

/**
 * Stock per size: every colour has an item per size with its own stock, article and barcode; one
 * size sells out while the next stays; the size filter with «в наличии» counts sizes in stock.
 */

let t: TestApp;
let adminToken = '';
const size: Record<string, number> = {};
const color: Record<string, number> = {};

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const itemStock = async (article: string) => (await t.db.selectFrom('variantItems').select('stock').where('article', '=', article).executeTakeFirstOrThrow()).stock;
const names = async (query: string) => (await t.rest<{ rows: ProductCard[] }>('GET', `/products?${query}`)).body.rows.map((row) => `${row.name} ${row.price}`);

function buy(variantId: number, sizeId: number, index: number) {
  return t.rest<Checkout & { message?: string }>('POST', '/checkouts/direct', {
    body: { ...guest, email: `size${index}@buyer.test`, phone: `+7 900 000-00-${String(index).padStart(2, '0')}`, address: delivery, oneClick: { variantId, sizeId, quantity: 1 } },
  });
}

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
  for (const name of ['42', '43', '44']) size[name] = (await post<{ id: number }>('/sizes', { name, url: name })).id;
  color['black'] = (await post<{ id: number }>('/colors', { name: 'Чёрный', url: 'black', code: '#000000' })).id;
  color['white'] = (await post<{ id: number }>('/colors', { name: 'Белый', url: 'white', code: '#ffffff' })).id;
});
afterAll(() => t?.close());

describe('items per colour and size', () => {
  it('keeps stock, article and barcode per size, and the colour stock is their sum', async () => {
    const created = await post<Product>('/products', {
      name: 'Кеды «Город»',
      url: 'kedy-gorod',
      sizes: [size['42'], size['43']],
      variants: [
        {
          article: 'KG-BLK',
          colorId: color['black'],
          price: 4990,
          items: [
            { sizeId: size['42'], stock: 1, barcode: '4600000000008' },
            { sizeId: size['43'], stock: 4, article: 'KG-BLK-43' },
          ],
        },
      ],
    });
    const [variant] = created.variants;
    expect(variant?.stock).toBe(5);
    expect(variant?.items.map(({ sizeName, article, barcode, stock }) => ({ sizeName, article, barcode, stock }))).toEqual([
      { sizeName: '42', article: 'KG-BLK/42', barcode: '4600000000008', stock: 1 },
      { sizeName: '43', article: 'KG-BLK-43', barcode: null, stock: 4 },
    ]);
  });

  it('splits a colour stock given without items evenly across the sizes, the remainder to the first', async () => {
    const created = await post<Product>('/products', {
      name: 'Носки',
      url: 'noski',
      sizes: [size['42'], size['43'], size['44']],
      variants: [{ article: 'NS-1', price: 300, stock: 7 }],
    });
    expect(created.variants[0]?.items.map((item) => [item.sizeName, item.stock])).toEqual([
      ['42', 3],
      ['43', 2],
      ['44', 2],
    ]);
    // A product without sizes has one item, with the colour's article.
    const plain = await post<Product>('/products', { name: 'Шнурки', url: 'shnurki', variants: [{ article: 'SH-1', price: 100, stock: 9 }] });
    expect(plain.variants[0]?.items).toEqual([expect.objectContaining({ sizeId: null, article: 'SH-1', stock: 9 })]);
  });

  it('refuses a wrong barcode, a barcode in use, a size the product lacks and a size given twice', async () => {
    const body = (items: unknown[]) => ({ name: 'Тест', url: `test-${Math.random().toString(36).slice(2, 8)}`, sizes: [size['42']], variants: [{ article: `T-${Math.random()}`, price: 1, items }] });
    const wrongDigit = await t.rest<{ message: string }>('POST', '/products', { token: adminToken, body: body([{ sizeId: size['42'], stock: 1, barcode: '4600000000009' }]) });
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.body.message).toContain('Штрихкод должен быть EAN-13');
    const taken = await t.rest<{ message: string }>('POST', '/products', { token: adminToken, body: body([{ sizeId: size['42'], stock: 1, barcode: '4600000000008' }]) });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Штрихкод уже используется: 4600000000008');
    const foreign = await t.rest<{ message: string }>('POST', '/products', { token: adminToken, body: body([{ sizeId: size['44'], stock: 1 }]) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('Размер не выбран у товара');
    const twice = await t.rest<{ message: string }>('POST', '/products', { token: adminToken, body: body([{ sizeId: size['42'], stock: 1 }, { sizeId: size['42'], stock: 2 }]) });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('Размер указан дважды');
  });

  it('adds a size at stock 0 and drops a removed one, keeping the others, when a product read is sent back', async () => {
    const read = (await t.rest<Product>('GET', '/products/by-url/kedy-gorod')).body;
    const product = (await t.rest<Product>('GET', `/products/${read.id}`)).body;
    const { id: _id, categories: _c, brands: _b, tags: _t, colors: _co, sizes: _s, ...rest } = product;
    const variants = product.variants.map(({ color: _color, ...variant }) => ({ ...variant, colorId: color['black'] }));
    // An item of a size the product no longer has is refused, not dropped silently.
    const stale = await t.rest<{ message: string }>('PUT', `/products/${product.id}`, { token: adminToken, body: { name: rest.name, url: rest.url, sizes: [size['43'], size['44']], variants } });
    expect(stale.status).toBe(400);
    const kept = variants.map((variant) => ({ ...variant, items: variant.items.filter((item) => item.sizeId !== size['42']) }));
    const saved = await t.rest<Product>('PUT', `/products/${product.id}`, {
      token: adminToken,
      body: { name: rest.name, url: rest.url, sizes: [size['43'], size['44']], variants: kept },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.variants[0]?.items.map((item) => [item.sizeName, item.article, item.stock])).toEqual([
      ['43', 'KG-BLK-43', 4],
      ['44', 'KG-BLK/44', 0],
    ]);
    expect(saved.body.variants[0]?.stock).toBe(4);
    // Back as it was for the tests below.
    const back = await t.rest<Product>('PUT', `/products/${product.id}`, {
      token: adminToken,
      body: { name: rest.name, url: rest.url, sizes: [size['42'], size['43']], variants: [{ ...variants[0], items: [{ sizeId: size['42'], stock: 1 }, { sizeId: size['43'], stock: 4, article: 'KG-BLK-43' }] }] },
    });
    expect(back.status).toBe(200);
  });
});

describe('one size sells out while the next stays', () => {
  it('sells the last size 42 once among four buyers, and size 43 stays buyable', async () => {
    const product = (await t.rest<Product>('GET', '/products/by-url/kedy-gorod')).body;
    const variantId = product.variants[0]!.id;
    const answers = await Promise.all([0, 1, 2, 3].map((index) => buy(variantId, size['42']!, index)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    for (const refusal of answers.filter((answer) => answer.status === 409)) {
      expect(refusal.body.message).toBe('Недостаточно товара на складе: Кеды «Город», Чёрный, размер 42 (в наличии 0)');
    }
    expect(await itemStock('KG-BLK/42')).toBe(0);
    const other = await buy(variantId, size['43']!, 10);
    expect(other.status).toBe(200);
    expect(other.body.lines[0]).toMatchObject({ article: 'KG-BLK-43', size: '43' });
    expect(await itemStock('KG-BLK-43')).toBe(3);
    const after = (await t.rest<Product>('GET', `/products/${product.id}`)).body;
    expect(after.inStock).toBe(true);
    expect(after.variants[0]?.stock).toBe(3);
  });

  it('gives a cancelled order back to its own size, exactly once', async () => {
    const sold = await t.db.selectFrom('checkoutLines').select('checkoutId').where('article', '=', 'KG-BLK/42').executeTakeFirstOrThrow();
    const cancel = () => t.rest('PUT', `/checkouts/${sold.checkoutId}`, { token: adminToken, body: { status: 'Canceled' } });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(400);
    expect(await itemStock('KG-BLK/42')).toBe(1);
    expect(await itemStock('KG-BLK-43')).toBe(3);
  });
});

describe('the size filter with «в наличии» counts sizes in stock', () => {
  beforeAll(async () => {
    await post<Product>('/products', {
      name: 'Ботинки «Тундра»',
      url: 'botinki-tundra',
      sizes: [size['42'], size['43']],
      variants: [
        { article: 'BT-BLK', colorId: color['black'], price: 7000, items: [{ sizeId: size['42'], stock: 0 }, { sizeId: size['43'], stock: 2 }] },
        { article: 'BT-WHT', colorId: color['white'], price: 9000, items: [{ sizeId: size['42'], stock: 1 }, { sizeId: size['43'], stock: 0 }] },
      ],
    });
  });

  it('lists a product whose size is in stock in the matching colour, at that colour price', async () => {
    expect(await names('sizes=42&available=true&name=Тундра')).toEqual(['Ботинки «Тундра» 9000']);
    expect(await names('sizes=42&available=true&colors=black&name=Тундра')).toEqual([]);
    expect(await names('sizes=43&available=true&colors=black&name=Тундра')).toEqual(['Ботинки «Тундра» 7000']);
    expect(await names('sizes=42&available=true&maxPrice=8000&name=Тундра')).toEqual([]);
    // Without «в наличии» the size filter lists what the product is made in.
    expect(await names('sizes=42&colors=black&name=Тундра')).toEqual(['Ботинки «Тундра» 7000']);
    const total = await t.rest<{ length: number }>('GET', '/products?sizes=44&available=true&name=Тундра');
    expect(total.body.length).toBe(0);
  });
});

describe('existing stock moved to sizes (migration 0020)', () => {
  it('splits each colour stock across its sizes and keeps the colour total', async () => {
    const product = await post<Product>('/products', { name: 'Старый товар', url: 'staryj', sizes: [size['42'], size['43'], size['44']], variants: [{ article: 'OLD-1', price: 500, stock: 0 }] });
    // As before the migration: a colour with stock and no items.
    await t.db.deleteFrom('variantItems').where('variantId', '=', product.variants[0]!.id).execute();
    await t.db.updateTable('productVariants').set({ stock: 8 }).where('id', '=', product.variants[0]!.id).execute();
    await sql`select variant_items_fill(${[product.id]}::int[])`.execute(t.db);
    const items = await t.db.selectFrom('variantItems').select(['article', 'stock']).where('variantId', '=', product.variants[0]!.id).orderBy('sizeId').execute();
    expect(items).toEqual([
      { article: 'OLD-1/42', stock: 3 },
      { article: 'OLD-1/43', stock: 3 },
      { article: 'OLD-1/44', stock: 2 },
    ]);
    const variant = await t.db.selectFrom('productVariants').select('stock').where('id', '=', product.variants[0]!.id).executeTakeFirstOrThrow();
    expect(variant.stock).toBe(8);
  });
});
