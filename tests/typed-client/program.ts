import createClient from 'openapi-fetch';
import type { paths } from './generated/api.js';

/**
 * What an integrator writes with a client generated from /api/openapi.json by openapi-typescript:
 * browse with filters, walk the products by cursor, fill a guest basket, place a guest order, read a refusal. It is compiled
 * against the freshly generated types and run against the live shop by tests/api-typed-client.test.ts,
 * so any drift between the document and the server fails the build.
 */
export async function integratorRun(
  baseUrl: string,
  variantId: number,
): Promise<{ found: number; walked: number; distinct: number; basketTotal: number; orderId: number; refusal: string }> {
  const api = createClient<paths>({ baseUrl: `${baseUrl}/api` });

  const list = await api.GET('/products', { params: { query: { available: true, sortBy: 'price', orderBy: 'asc', limit: 5 } } });
  if (!list.data) throw new Error(`products: ${list.response.status}`);
  const found = list.data.rows.length;

  // A sync walks the whole list by cursor, newest first, two products a page.
  const pageAfter = (cursor: string) => api.GET('/products', { params: { query: { sortBy: 'createdAt', orderBy: 'desc', limit: 2, cursor } } });
  const seen: number[] = [];
  let next: string | null = '';
  while (next !== null) {
    const page = await pageAfter(next);
    if (!page.data) throw new Error(`products by cursor: ${page.response.status}`);
    seen.push(...page.data.rows.map((row) => row.id));
    next = page.data.nextCursor ?? null;
  }

  const created = await api.POST('/baskets', { body: {} });
  if (!created.data) throw new Error(`basket: ${created.response.status}`);
  const basketId = created.data.id;
  const filled = await api.PUT('/baskets/{basketId}', { params: { path: { basketId } }, body: { orderProducts: [{ variantId, quantity: 2 }] } });
  if (!filled.data) throw new Error(`basket lines: ${filled.response.status}`);

  const order = await api.POST('/checkouts/direct', {
    body: {
      basketId,
      firstName: 'Инна',
      lastName: 'Интеграторова',
      email: 'inna@integrator.test',
      phone: '+7 900 555-44-33',
      address: { address: 'ул. Мира, д. 5', city: 'Казань', country: 'Россия', zipCode: '420000' },
      consent: true,
    },
  });
  if (!order.data) throw new Error(`checkout: ${order.response.status}`);

  const missing = await api.GET('/products/{productId}', { params: { path: { productId: 999_999 } } });
  const refusal = missing.error ? `${missing.error.statusCode} ${missing.error.code}` : 'none';
  return { found, walked: seen.length, distinct: new Set(seen).size, basketTotal: filled.data.totalAmount, orderId: order.data.id, refusal };
}
