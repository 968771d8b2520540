import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import type { Brand, Category, ColorRecord, Product, ProductCard, ProductInput } from '../src/shared/schemas/catalogue.js';
import { hashPassword } from '../src/server/services/accounts/passwords.js';
import { startTestApp, type TestApp } from './support/harness.js';

/**
 * The catalogue against known data: a two-level category tree, three colours, three brands, a tag,
 * two sizes and six products with variants, all created through the API.
 */

let t: TestApp;
let adminToken: string;
let buyerToken: string;

const cat: Record<string, Category> = {};
const color: Record<string, ColorRecord> = {};
const brand: Record<string, Brand> = {};
const product: Record<string, Product> = {};
let tagId = 0;
const size: Record<string, number> = {};

interface List<T> {
  rows: T[];
  length: number;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function names(query: string): Promise<string[]> {
  const response = await t.rest<List<ProductCard>>('GET', `/products?${query}`);
  expect(response.status).toBe(200);
  return response.body.rows.map((row) => row.name);
}

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
  await t.db
    .insertInto('users')
    .values({ email: 'buyer@shop.test', firstName: 'Иван', lastName: 'Петров', passwordHash: await hashPassword('buyer-password') })
    .execute();
  buyerToken = (await t.trpc().accounts.auth.signin.mutate({ email: 'buyer@shop.test', password: 'buyer-password' })).accessToken;

  cat['obuv'] = await post('/categories', { name: 'Обувь', url: 'obuv', parameters: ['Материал', 'Сезон'] });
  cat['odezhda'] = await post('/categories', { name: 'Одежда', url: 'odezhda', parameters: ['Состав'] });
  cat['krossovki'] = await post('/categories', { name: 'Кроссовки', url: 'krossovki', parentId: cat['obuv'].id });
  cat['botinki'] = await post('/categories', { name: 'Ботинки', url: 'botinki', parentId: cat['obuv'].id });
  cat['kurtki'] = await post('/categories', { name: 'Куртки', url: 'kurtki', parentId: cat['odezhda'].id });

  color['black'] = await post('/colors', { name: 'Чёрный', url: 'chernyj', code: '#000000' });
  color['white'] = await post('/colors', { name: 'Белый', url: 'belyj', code: '#FFFFFF' });
  color['red'] = await post('/colors', { name: 'Красный', url: 'krasnyj', code: '#e53935' });

  brand['nike'] = await post('/brands', { name: 'Nike', url: 'nike', showOnMain: true });
  brand['adidas'] = await post('/brands', { name: 'Adidas', url: 'adidas' });
  brand['zarina'] = await post('/brands', { name: 'Зарина', url: 'zarina', image: 'zarina.webp' });

  tagId = (await post<{ id: number }>('/tags', { name: 'Новинка', url: 'novinka' })).id;
  size['42'] = (await post<{ id: number }>('/sizes', { name: '42', url: '42' })).id;
  size['m'] = (await post<{ id: number }>('/sizes', { name: 'M', url: 'm' })).id;

  const products: Array<[string, ProductInput]> = [
    [
      'air',
      {
        name: 'Кроссовки беговые Nike Air Zoom',
        url: 'krossovki-nike-air',
        desc: 'Лёгкие кроссовки для бега по асфальту',
        categories: [cat['krossovki'].id],
        brands: [brand['nike'].id],
        tags: [tagId],
        sizes: [size['42']],
        parameters: { Материал: 'текстиль', Сезон: 'лето' },
        extra: { made_in: 'Вьетнам', weight_g: 280, nested: { snake_key: true } },
        variants: [
          { article: 'NK-AIR-BLK', colorId: color['black'].id, price: 7990, oldPrice: 9990, stock: 5, images: ['air-black.webp'] },
          { article: 'NK-AIR-WHT', colorId: color['white'].id, price: 6990, stock: 0, images: ['air-white.webp'] },
        ],
      },
    ],
    [
      'kids',
      {
        name: 'Кроссовки детские',
        url: 'krossovki-detskie',
        categories: [cat['krossovki'].id],
        brands: [brand['adidas'].id],
        variants: [{ article: 'AD-KIDS-RED', colorId: color['red'].id, price: 2990.5, stock: 3 }],
      },
    ],
    [
      'boots',
      {
        name: 'Ботинки зимние кожаные',
        url: 'botinki-zimnie',
        desc: 'Натуральная кожа и мех',
        categories: [cat['botinki'].id],
        brands: [brand['zarina'].id],
        sizes: [size['42']],
        variants: [{ article: 'ZR-BOOT-BLK', colorId: color['black'].id, price: 12990, stock: 0 }],
      },
    ],
    [
      'jacket',
      {
        name: 'Куртка пуховая',
        url: 'kurtka-puhovaya',
        categories: [cat['kurtki'].id],
        brands: [brand['zarina'].id],
        tags: [tagId],
        sizes: [size['m']],
        variants: [
          { article: 'ZR-JKT-BLK', colorId: color['black'].id, price: 15990, oldPrice: 19990, stock: 2 },
          { article: 'ZR-JKT-RED', colorId: color['red'].id, price: 14990, stock: 1 },
        ],
      },
    ],
    [
      'tshirt',
      {
        name: 'Футболка хлопковая',
        url: 'futbolka-hlopkovaya',
        availability: false,
        categories: [cat['odezhda'].id],
        brands: [brand['adidas'].id],
        sizes: [size['m']],
        variants: [{ article: 'AD-TEE-WHT', colorId: color['white'].id, price: 1290, stock: 10 }],
      },
    ],
    [
      'hedgehog',
      {
        name: 'Ёжик игрушечный',
        url: 'ezhik',
        variants: [{ article: 'TOY-1', price: 490, stock: 7 }],
      },
    ],
  ];
  for (const [key, body] of products) product[key] = await post('/products', body);
});
afterAll(() => t?.close());

describe('categories', () => {
  it('reads one, lists with filters and serves the tree', async () => {
    expect(await t.rest('GET', `/categories/${cat['obuv']!.id}`)).toEqual({ status: 200, body: cat['obuv'] });
    const roots = await t.rest<List<Category>>('GET', '/categories?parent=root&sortBy=name');
    expect(roots.body).toEqual({ rows: [cat['obuv'], cat['odezhda']], length: 2 });
    const shoes = await t.rest<List<Category>>('GET', '/categories?parent=obuv&sortBy=name&orderBy=desc');
    expect(shoes.body.rows.map((row) => row.url)).toEqual(['krossovki', 'botinki']);
    const byId = await t.rest<List<Category>>('GET', `/categories?parent=${cat['obuv']!.id}`);
    expect(byId.body.length).toBe(2);
    const withParameter = await t.rest<List<Category>>('GET', `/categories?parameters=${encodeURIComponent('Состав')}`);
    expect(withParameter.body.rows.map((row) => row.url)).toEqual(['odezhda']);
    const leaves = await t.rest<List<Category>>('GET', '/categories?children=false&sortBy=url');
    expect(leaves.body.rows.map((row) => row.url)).toEqual(['botinki', 'krossovki', 'kurtki']);
    const parents = await t.rest<List<Category>>('GET', '/categories?children=true');
    expect(parents.body.length).toBe(2);

    const tree = await t.rest<Array<Category & { children: Array<Category & { children: unknown[] }> }>>('GET', '/categories/categoriesTree');
    expect(tree.status).toBe(200);
    expect(tree.body.map((node) => node.url)).toEqual(['obuv', 'odezhda']);
    expect(tree.body[0]!.children.map((node) => node.url)).toEqual(['botinki', 'krossovki']);
    expect(tree.body[0]!.parameters).toEqual(['Материал', 'Сезон']);
    expect(await t.trpc().catalogue.categories.tree.query({})).toHaveLength(2);
  });

  it('validates urls with a clear message, refuses duplicates and cycles', async () => {
    const cyrillic = await t.rest<{ message: string }>('POST', '/categories', { body: { name: 'Сумки', url: 'сумки' }, token: adminToken });
    expect(cyrillic.status).toBe(400);
    expect(cyrillic.body.message).toContain('Адрес (url) может содержать только латинские буквы, цифры и дефисы');
    const duplicate = await t.rest('POST', '/categories', { body: { name: 'Обувь 2', url: 'obuv' }, token: adminToken });
    expect(duplicate).toEqual({ status: 409, body: { statusCode: 409,code: 'CONFLICT',  message: domainMessages.duplicateUrl } });
    const cycle = await t.rest('PUT', `/categories/${cat['obuv']!.id}`, {
      body: { name: 'Обувь', url: 'obuv', parentId: cat['krossovki']!.id },
      token: adminToken,
    });
    expect(cycle).toEqual({ status: 400, body: { statusCode: 400,code: 'BAD_REQUEST',  message: domainMessages.categoryCycle } });
    const missingParent = await t.rest('POST', '/categories', { body: { name: 'Сироты', url: 'siroty', parentId: 99999 }, token: adminToken });
    expect(missingParent).toEqual({ status: 400, body: { statusCode: 400,code: 'BAD_REQUEST',  message: domainMessages.referencedMissing } });
  });

  it('updates and deletes a category nobody uses', async () => {
    const created = await post<Category>('/categories', { name: 'Сумки', url: 'sumki', parentId: cat['odezhda']!.id });
    const updated = await t.rest<Category>('PUT', `/categories/${created.id}`, {
      body: { name: 'Сумки и рюкзаки', url: 'sumki-i-ryukzaki', desc: 'Городские', parentId: null, parameters: ['Объём'] },
      token: adminToken,
    });
    expect(updated.body).toEqual({
      ...created,
      name: 'Сумки и рюкзаки',
      url: 'sumki-i-ryukzaki',
      desc: 'Городские',
      parentId: null,
      parameters: ['Объём'],
      version: created.version + 1,
    });
    expect(await t.rest('DELETE', `/categories/${created.id}`, { token: adminToken })).toEqual({ status: 200, body: { ok: true } });
    expect((await t.rest('GET', `/categories/${created.id}`)).status).toBe(404);
    expect((await t.rest('DELETE', `/categories/${created.id}`, { token: adminToken })).status).toBe(404);
  });
});

describe('colours and brands', () => {
  it('stores hex codes in lower case and lists colours by category (with descendants) and product', async () => {
    expect(color['white']!.code).toBe('#ffffff');
    const badCode = await t.rest<{ message: string }>('POST', '/colors', { body: { name: 'Серый', url: 'seryj', code: 'gray' }, token: adminToken });
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toContain('Цвет задаётся в формате #rrggbb');

    const shoes = await t.rest<List<ColorRecord>>('GET', '/colors?category=obuv&sortBy=url');
    expect(shoes.body.rows.map((row) => row.url)).toEqual(['belyj', 'chernyj', 'krasnyj']);
    const jackets = await t.rest<List<ColorRecord>>('GET', `/colors?parent=${cat['kurtki']!.id}&sortBy=url`);
    expect(jackets.body.rows.map((row) => row.url)).toEqual(['chernyj', 'krasnyj']);
    const ofProduct = await t.rest<List<ColorRecord>>('GET', `/colors?products=${product['kids']!.id}`);
    expect(ofProduct.body).toEqual({ rows: [color['red']], length: 1 });
    const byCode = await t.rest<List<ColorRecord>>('GET', `/colors?code=${encodeURIComponent('#E53935')}`);
    expect(byCode.body.rows).toEqual([color['red']]);
  });

  it('lists brands shown on the main page and brands of a category subtree', async () => {
    const main = await t.rest<List<Brand>>('GET', '/brands?showOnMain=true&limit=20');
    expect(main.body).toEqual({ rows: [brand['nike']], length: 1 });
    const clothes = await t.rest<List<Brand>>('GET', '/brands?category=odezhda&sortBy=name');
    expect(clothes.body.rows.map((row) => row.url)).toEqual(['adidas', 'zarina']);
    const paged = await t.rest<List<Brand>>('GET', '/brands?sortBy=name&orderBy=desc&limit=1&offset=1');
    // By code point: «Зарина» sorts after the Latin names.
    expect(paged.body).toEqual({ rows: [brand['nike']], length: 3 });
    expect(await t.rest('GET', `/brands/${brand['zarina']!.id}`)).toEqual({ status: 200, body: brand['zarina'] });
  });

  it('updates a brand and a colour', async () => {
    const updated = await t.rest<Brand>('PUT', `/brands/${brand['adidas']!.id}`, {
      body: { name: 'Adidas Originals', url: 'adidas', showOnMain: false, image: null },
      token: adminToken,
    });
    expect(updated.body.name).toBe('Adidas Originals');
    const recolored = await t.trpc(adminToken).catalogue.colors.update.mutate({ colorId: color['red']!.id, name: 'Красный', url: 'krasnyj', code: '#E53935' });
    expect(recolored).toEqual({ ...color['red'], version: color['red']!.version + 1 });
  });
});

describe('refusals', () => {
  it('refuses to delete a category, colour or brand with related data, with the shared Russian message', async () => {
    // The shared refusal, then what uses the record, in Russian number forms.
    const refusal = (what: string) => ({ status: 409, body: { statusCode: 409, code: 'CONFLICT', message: `${domainMessages.hasDependents}: ${what}` } });
    // A parent with subcategories (and their products), a leaf with products.
    expect(await t.rest('DELETE', `/categories/${cat['obuv']!.id}`, { token: adminToken })).toEqual(refusal('2 подкатегории'));
    expect(await t.rest('DELETE', `/categories/${cat['kurtki']!.id}`, { token: adminToken })).toEqual(refusal('1 товар'));
    expect(await t.rest('DELETE', `/colors/${color['black']!.id}`, { token: adminToken })).toEqual(refusal('3 товара'));
    expect(await t.rest('DELETE', `/brands/${brand['nike']!.id}`, { token: adminToken })).toEqual(refusal('1 товар'));
    expect(await t.rest('DELETE', `/tags/${tagId}`, { token: adminToken })).toEqual(refusal('2 товара'));
    expect((await t.rest('GET', `/categories/${cat['kurtki']!.id}`)).status).toBe(200);
  });

  it('lets only an admin write: 401 anonymous, 403 for a buyer, over REST and tRPC', async () => {
    const body = { name: 'Тест', url: 'test', variants: [{ article: 'T-1', price: 1, stock: 1 }] };
    for (const [method, path] of [
      ['POST', '/products'],
      ['PUT', `/products/${product['kids']!.id}`],
      ['DELETE', `/products/${product['kids']!.id}`],
      ['POST', '/categories'],
      ['DELETE', `/colors/${color['red']!.id}`],
      ['PUT', `/brands/${brand['nike']!.id}`],
    ] as const) {
      const options = method === 'DELETE' ? {} : { body };
      expect(await t.rest(method, path, options)).toEqual({ status: 401, body: { statusCode: 401,code: 'UNAUTHORIZED',  message: statusMessages[401] } });
      expect(await t.rest(method, path, { ...options, token: buyerToken })).toEqual({ status: 403, body: { statusCode: 403,code: 'FORBIDDEN',  message: statusMessages[403] } });
    }
    await expect(t.trpc(buyerToken).catalogue.products.delete.mutate({ productId: product['kids']!.id })).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });
    expect((await t.rest('GET', `/products/${product['kids']!.id}`)).status).toBe(200);
  });
});

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

describe('product filters, sort and paging', () => {
  it('filters by category including descendants, by id or url, as a,b or repeated', async () => {
    expect(await names('categories=obuv&sortBy=price')).toEqual(['Кроссовки детские', 'Кроссовки беговые Nike Air Zoom', 'Ботинки зимние кожаные']);
    expect(await names(`categories=${cat['obuv']!.id}&sortBy=price`)).toHaveLength(3);
    expect(await names('categories=krossovki,kurtki&sortBy=price')).toEqual(['Кроссовки детские', 'Кроссовки беговые Nike Air Zoom', 'Куртка пуховая']);
    expect(await names(`categories=krossovki&categories=${cat['kurtki']!.id}&sortBy=price`)).toHaveLength(3);
    expect(await names('parent=odezhda&sortBy=price')).toEqual(['Футболка хлопковая', 'Куртка пуховая']);
    // parent narrows categories: kurtki within odezhda, nothing of krossovki within odezhda.
    expect(await names('parent=odezhda&categories=kurtki,krossovki')).toEqual(['Куртка пуховая']);
    expect(await names('categories=net-takoj')).toEqual([]);
  });

  it('filters by colours, brands, tags and sizes', async () => {
    expect(await names('colors=krasnyj&sortBy=price')).toEqual(['Кроссовки детские', 'Куртка пуховая']);
    expect(await names(`colors=krasnyj,${color['white']!.id}&sortBy=price`)).toEqual([
      'Футболка хлопковая',
      'Кроссовки детские',
      'Кроссовки беговые Nike Air Zoom',
      'Куртка пуховая',
    ]);
    expect(await names('brands=zarina&sortBy=price')).toEqual(['Ботинки зимние кожаные', 'Куртка пуховая']);
    expect(await names(`brands=${brand['nike']!.id}&brands=adidas&sortBy=price`)).toHaveLength(3);
    expect(await names('tags=novinka&sortBy=price')).toEqual(['Кроссовки беговые Nike Air Zoom', 'Куртка пуховая']);
    expect(await names('sizes=42&sortBy=price')).toEqual(['Кроссовки беговые Nike Air Zoom', 'Ботинки зимние кожаные']);
    expect(await names(`sizes=m&tags=${tagId}`)).toEqual(['Куртка пуховая']);
  });

  it('filters by price in rubles, availability and description', async () => {
    expect(await names('minPrice=2990.5&maxPrice=12990&sortBy=price')).toEqual([
      'Кроссовки детские',
      'Кроссовки беговые Nike Air Zoom',
      'Ботинки зимние кожаные',
    ]);
    expect(await names('maxPrice=2990.49&sortBy=price')).toEqual(['Ёжик игрушечный', 'Футболка хлопковая']);
    // Out of stock (boots) and withdrawn from sale (t-shirt) are left out.
    expect(await names('available=true&sortBy=price')).toEqual([
      'Ёжик игрушечный',
      'Кроссовки детские',
      'Кроссовки беговые Nike Air Zoom',
      'Куртка пуховая',
    ]);
    // «Not available» is not a filter the shop has: false is refused rather than read as «any».
    const notAvailable = await t.rest<{ message: string }>('GET', '/products?available=false');
    expect(notAvailable.status).toBe(400);
    expect(notAvailable.body.message).toContain('available принимает только true');
    expect(await names(`desc=${encodeURIComponent('КОЖА')}`)).toEqual(['Ботинки зимние кожаные']);
    expect(await names('categories=obuv&colors=chernyj&minPrice=5000&sortBy=price&orderBy=desc')).toEqual([
      'Ботинки зимние кожаные',
      'Кроссовки беговые Nike Air Zoom',
    ]);
  });

  it('sorts by price, name, createdAt and id and pages with limit and offset', async () => {
    const byPrice = await t.rest<List<ProductCard>>('GET', '/products?sortBy=price&orderBy=DESC&limit=2&offset=1');
    expect(byPrice.body.length).toBe(6);
    expect(byPrice.body.rows.map((row) => row.name)).toEqual(['Ботинки зимние кожаные', 'Кроссовки беговые Nike Air Zoom']);
    // The databases here collate by code point (C.UTF-8), so «Ё» comes before «А».
    expect(await names('sortBy=name&limit=3')).toEqual(['Ёжик игрушечный', 'Ботинки зимние кожаные', 'Кроссовки беговые Nike Air Zoom']);
    const created = Object.values(product).map((item) => item.name);
    expect(await names('sortBy=createdAt&limit=100')).toEqual(created);
    expect(await names('sortBy=createdAt&orderBy=desc&limit=100')).toEqual([...created].reverse());
    expect(await names('sortBy=id&orderBy=desc&limit=1')).toEqual(['Ёжик игрушечный']);
    expect(await names('sortBy=rating&limit=100')).toHaveLength(6);
    const beyond = await t.rest<List<ProductCard>>('GET', '/products?offset=100');
    expect(beyond.body).toEqual({ rows: [], length: 6, approximate: false });
    const filteredPage = await t.rest<List<ProductCard>>('GET', '/products?categories=obuv&limit=1&offset=1&sortBy=price');
    expect(filteredPage.body.length).toBe(3);
    expect(filteredPage.body.rows.map((row) => row.name)).toEqual(['Кроссовки беговые Nike Air Zoom']);
  });

  it('answers a page of cards with their colours and brands, prices in rubles', async () => {
    const page = await t.rest<List<ProductCard>>('GET', '/products?brands=nike');
    expect(page.body.rows).toEqual([
      {
        id: product['air']!.id,
        name: 'Кроссовки беговые Nike Air Zoom',
        url: 'krossovki-nike-air',
        price: 7990,
        oldPrice: 9990,
        availability: true,
        inStock: true,
        rating: null,
        reviewCount: 0,
        image: 'air-black.webp',
        // A card's colours are the colour's fields without the record's version.
        colors: [color['black']!, color['white']!].sort((a, b) => a.id - b.id).map(({ id, name, url, code }) => ({ id, name, url, code })),
        brands: [{ id: brand['nike']!.id, name: 'Nike', url: 'nike' }],
      },
    ]);
    const viaTrpc = await t.trpc().catalogue.products.list.query({ brands: ['nike'], available: true });
    expect(viaTrpc.rows.map((row) => row.id)).toEqual([product['air']!.id]);
  });

  it('refuses bad filter values with 400, not 500', async () => {
    expect((await t.rest('GET', '/products?limit=0')).status).toBe(400);
    expect((await t.rest('GET', '/products?minPrice=abc')).status).toBe(400);
    expect((await t.rest('GET', '/products?sortBy=popularity')).status).toBe(400);
    expect((await t.rest('GET', '/products?available=maybe')).status).toBe(400);
  });
});

describe('price range', () => {
  it('answers min and max price for the same filters, ignoring its own price bounds', async () => {
    expect(await t.rest('GET', '/products/priceRange')).toEqual({ status: 200, body: { minPrice: 490, maxPrice: 15990 } });
    expect((await t.rest('GET', '/products/priceRange?categories=obuv')).body).toEqual({ minPrice: 2990.5, maxPrice: 12990 });
    expect((await t.rest('GET', '/products/priceRange?parent=odezhda&minPrice=5000')).body).toEqual({ minPrice: 1290, maxPrice: 15990 });
    expect((await t.rest('GET', `/products/priceRange?name=${encodeURIComponent('кроссовки')}`)).body).toEqual({ minPrice: 2990.5, maxPrice: 7990 });
    expect((await t.rest('GET', '/products/priceRange?brands=net-takogo')).body).toEqual({ minPrice: 0, maxPrice: 0 });
    expect(await t.trpc().catalogue.products.priceRange.query({ colors: ['krasnyj'] })).toEqual({ minPrice: 2990.5, maxPrice: 14990 });
  });
});

describe('search by name', () => {
  const search = (text: string, extra = '') => names(`name=${encodeURIComponent(text)}${extra}`);

  it('finds word forms, ranks the closer match first', async () => {
    // «кроссовка» (singular) finds «Кроссовки»; the shorter name ranks first.
    expect(await search('кроссовка')).toEqual(['Кроссовки детские', 'Кроссовки беговые Nike Air Zoom']);
    expect(await search('КУРТКИ')).toEqual(['Куртка пуховая']);
    expect(await search('кожаный ботинок')).toEqual(['Ботинки зимние кожаные']);
  });

  it('finds prefixes while typing', async () => {
    expect(await search('крос')).toEqual(['Кроссовки детские', 'Кроссовки беговые Nike Air Zoom']);
    expect(await search('кроссовки бег')).toEqual(['Кроссовки беговые Nike Air Zoom']);
    expect(await search('ni')).toEqual(['Кроссовки беговые Nike Air Zoom']);
  });

  it('forgives small typos and «е» for «ё»', async () => {
    expect(await search('кросовки')).toEqual(['Кроссовки детские', 'Кроссовки беговые Nike Air Zoom']);
    expect(await search('куртак')).toEqual(['Куртка пуховая']);
    expect(await search('футбока')).toEqual(['Футболка хлопковая']);
    expect(await search('ежик')).toEqual(['Ёжик игрушечный']);
  });

  it('combines with filters, honours an explicit sort and counts the matches', async () => {
    expect(await search('кроссовки', '&sortBy=price&orderBy=desc')).toEqual(['Кроссовки беговые Nike Air Zoom', 'Кроссовки детские']);
    expect(await search('кроссовки', '&brands=adidas')).toEqual(['Кроссовки детские']);
    const counted = await t.rest<List<ProductCard>>('GET', `/products?name=${encodeURIComponent('крос')}&limit=1`);
    expect(counted.body.length).toBe(2);
    expect(await search('самокат')).toEqual([]);
    expect(await search('!!!')).toEqual([]);
  });

  it('finds a renamed product by its new words', async () => {
    const renamed = await post<Product>('/products', {
      name: 'Рюкзак городской',
      url: 'ryukzak',
      variants: [{ article: 'BAG-1', price: 3500, stock: 2 }],
    });
    await t.rest('PUT', `/products/${renamed.id}`, {
      body: { name: 'Портфель школьный', url: 'ryukzak', variants: [{ id: renamed.variants[0]!.id, article: 'BAG-1', price: 3500, stock: 2 }] },
      token: adminToken,
    });
    expect(await search('портфел')).toEqual(['Портфель школьный']);
    expect(await search('партфель')).toEqual(['Портфель школьный']);
    expect(await search('рюкзак')).toEqual([]);
    await t.rest('DELETE', `/products/${renamed.id}`, { token: adminToken });
  });
});

describe('two instances on one database', () => {
  it('sees a category added by the other instance at once (the in-memory tree is checked per statement)', async () => {
    const other = await startTestApp({}, undefined, t.database);
    try {
      // This instance has the tree in memory by now.
      expect(await names('categories=odezhda&sortBy=price')).toEqual(['Футболка хлопковая', 'Куртка пуховая']);
      const otherToken = await other.signInAdmin();
      const created = await other.rest<Category>('POST', '/categories', {
        body: { name: 'Шарфы', url: 'sharfy', parentId: cat['odezhda']!.id },
        token: otherToken,
      });
      const scarf = await other.rest<Product>('POST', '/products', {
        body: { name: 'Шарф вязаный', url: 'sharf', categories: [created.body.id], variants: [{ article: 'SCARF-1', price: 990, stock: 3 }] },
        token: otherToken,
      });
      expect(scarf.status).toBe(200);
      expect(await names('categories=odezhda&sortBy=price')).toEqual(['Шарф вязаный', 'Футболка хлопковая', 'Куртка пуховая']);
      expect(await names('parent=sharfy')).toEqual(['Шарф вязаный']);
      expect((await t.rest('GET', '/products/priceRange?categories=sharfy')).body).toEqual({ minPrice: 990, maxPrice: 990 });
      await other.rest('DELETE', `/products/${scarf.body.id}`, { token: otherToken });
      await other.rest('DELETE', `/categories/${created.body.id}`, { token: otherToken });
      expect(await names('categories=sharfy')).toEqual([]);
    } finally {
      await other.close();
    }
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
