import type { Product, ProductInput } from '../../src/shared/schemas/catalogue.js';
import type { TestApp } from './harness.js';

/** A small shop for the orders tests, created through the API: sizes, a colour, four products. */
export interface Shop {
  adminToken: string;
  sizes: { s48: number; s50: number };
  jacket: Product;
  mug: Product;
  last: Product;
  withdrawn: Product;
}

async function post<T>(t: TestApp, token: string, path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function setUpShop(t: TestApp): Promise<Shop> {
  const adminToken = await t.signInAdmin();
  const s48 = (await post<{ id: number }>(t, adminToken, '/sizes', { name: '48', url: '48' })).id;
  const s50 = (await post<{ id: number }>(t, adminToken, '/sizes', { name: '50', url: '50' })).id;
  const blue = (await post<{ id: number }>(t, adminToken, '/colors', { name: 'Синий', url: 'sinij', code: '#1e88e5' })).id;
  const red = (await post<{ id: number }>(t, adminToken, '/colors', { name: 'Красный', url: 'krasnyj', code: '#e53935' })).id;
  const product = (input: ProductInput) => post<Product>(t, adminToken, '/products', input);
  return {
    adminToken,
    sizes: { s48, s50 },
    jacket: await product({
      name: 'Куртка «Север»',
      url: 'kurtka-sever',
      sizes: [s48, s50],
      variants: [
        // Stock per size: five of each blue size; two red ones, both in size 50.
        { article: 'SEV-BLUE', colorId: blue, price: 4999.9, items: [{ sizeId: s48, stock: 5 }, { sizeId: s50, stock: 5 }], images: ['sever-blue.webp'] },
        { article: 'SEV-RED', colorId: red, price: 5499, items: [{ sizeId: s48, stock: 0 }, { sizeId: s50, stock: 2 }] },
      ],
    }),
    mug: await product({ name: 'Кружка', url: 'kruzhka', variants: [{ article: 'MUG-1', price: 350, stock: 10 }] }),
    last: await product({ name: 'Последний экземпляр', url: 'poslednij', variants: [{ article: 'LAST-1', price: 1000, stock: 1 }] }),
    withdrawn: await product({ name: 'Снятый товар', url: 'snyatyj', availability: false, variants: [{ article: 'OFF-1', price: 100, stock: 3 }] }),
  };
}

/** A new shopper, signed in: their id, e-mail and access token. */
export async function signUp(t: TestApp, email: string, firstName = 'Анна'): Promise<{ id: number; email: string; token: string }> {
  const result = await t.trpc().accounts.auth.signup.mutate({ firstName, lastName: 'Покупатель', email, password: 'shopper-password-1', consent: true });
  return { id: result.user.id, email, token: result.accessToken };
}

/** A REST call with extra headers (an Idempotency-Key, another address). */
export function restWith<T = unknown>(
  t: TestApp,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  return t.rest<T>(method, path, options);
}

export const delivery = { address: 'ул. Ленина, д. 1, кв. 2', city: 'Москва', country: 'Россия', zipCode: '101000' };
/** A guest's contact details, with the consent every checkout carries (docs/legal.md). */
export const guest = { firstName: 'Ольга', lastName: 'Гостева', email: 'olga@guest.test', phone: '+7 900 123-45-67', consent: true as const };

export function variantOf(product: Product, index = 0): number {
  const variant = product.variants[index];
  if (!variant) throw new Error(`${product.name} has no variant ${index}`);
  return variant.id;
}
