import { vi } from 'vitest';
import type { ImportPreview, ImportState } from '../../src/shared/schemas/catalogue-io.js';
import { libraryImage, shopperToken } from './content-support.js';
import type { TestApp } from './harness.js';

/** A small catalogue made through the API: sizes S and M, two colours, «Одежда / Куртки», a brand, a library image. */
export interface IoShop {
  adminToken: string;
  shopperToken: string;
  image: string;
  ids: { s: number; m: number; red: number; blue: number; clothes: number; jackets: number; brand: number };
}

async function post<T>(t: TestApp, token: string, path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function setUpIoShop(t: TestApp): Promise<IoShop> {
  const adminToken = await t.signInAdmin();
  const add = <T extends { id: number }>(path: string, body: unknown) => post<T>(t, adminToken, path, body).then((row) => row.id);
  const ids = {
    s: await add('/sizes', { name: 'S', url: 's' }),
    m: await add('/sizes', { name: 'M', url: 'm' }),
    red: await add('/colors', { name: 'Красный', url: 'krasnyj', code: '#ff0000' }),
    blue: await add('/colors', { name: 'Синий', url: 'sinij', code: '#0000ff' }),
    clothes: await add('/categories', { name: 'Одежда', url: 'odezhda' }),
    jackets: 0,
    brand: await add('/brands', { name: 'Север', url: 'sever' }),
  };
  ids.jackets = await add('/categories', { name: 'Куртки', url: 'kurtki', parentId: ids.clothes });
  return { adminToken, shopperToken: await shopperToken(t, 'io.shopper@shop.test'), image: await libraryImage(t.db), ids };
}

export const header = 'Артикул;Товар;Адрес товара;Описание;В продаже;Категории;Бренды;Артикул цвета;Цвет;Цена;Старая цена;Размер;Остаток;Штрихкод;Изображения';

/** A CSV file from rows of cells, with the BOM a spreadsheet writes. */
export const csvFile = (rows: readonly string[]) => `\uFEFF${[header, ...rows].join('\r\n')}\r\n`;

export async function upload(t: TestApp, token: string | undefined, body: string): Promise<{ status: number; body: ImportPreview & { message?: string } }> {
  const response = await fetch(`${t.baseUrl}/api/products/imports`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv; charset=utf-8', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as ImportPreview & { message?: string } };
}

export async function download(t: TestApp, token: string | undefined): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`${t.baseUrl}/api/products/export.csv`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, type: response.headers.get('content-type'), text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

/** Applies a checked file and waits for its end; answers every state seen on the way. */
export async function applyAndWait(t: TestApp, token: string, importId: string): Promise<ImportState[]> {
  const started = await t.rest<ImportState>('POST', `/products/imports/${importId}/apply`, { token });
  if (started.status !== 200) throw new Error(`apply: ${started.status} ${JSON.stringify(started.body)}`);
  const seen: ImportState[] = [started.body];
  await vi.waitFor(
    async () => {
      const state = await t.rest<ImportState>('GET', `/products/imports/${importId}`, { token });
      seen.push(state.body);
      if (state.body.status === 'running' || state.body.status === 'checked') throw new Error('still running');
    },
    { timeout: 60_000, interval: 20 },
  );
  return seen;
}
