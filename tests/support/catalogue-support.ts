import { afterAll, beforeAll, expect } from 'vitest';
import type { Brand, Category, ColorRecord, Product, ProductCard, ProductInput } from '../../src/shared/schemas/catalogue.js';
import { hashPassword } from '../../src/server/services/accounts/passwords.js';
import { startTestApp, type TestApp } from './harness.js';

/**
 * The catalogue against known data: a two-level category tree, three colours, three brands, a tag,
 * two sizes and six products with variants, all created through the API. A test file calls
 * useCatalogue() once (one app per file) and imports the names it uses: they are live bindings,
 * set before its first test.
 */
export let t: TestApp;
export let adminToken: string;
/** A signed-in shopper (role User). */
export let buyerToken: string;
export let tagId: number;
export const cat: Record<string, Category> = {};
export const color: Record<string, ColorRecord> = {};
export const brand: Record<string, Brand> = {};
/** In the order they were created. */
export const product: Record<string, Product> = {};
const size: Record<string, number> = {};

export interface List<T> {
  rows: T[];
  length: number;
}

/** An admin's POST that must succeed: its answer. */
export async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The names of the products a `/products` query lists, in its order. */
export async function names(query: string): Promise<string[]> {
  const response = await t.rest<List<ProductCard>>('GET', `/products?${query}`);
  expect(response.status).toBe(200);
  return response.body.rows.map((row) => row.name);
}

export function useCatalogue(): void {
  beforeAll(setUp);
  afterAll(() => t?.close());
}

async function setUp(): Promise<void> {
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
}
