import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/shared/schemas/catalogue.js';
import { setUpIoShop, type IoShop } from './support/catalogue-io-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

/**
 * The YML feed (docs/catalogue-import.md, "The YML feed"): well-formed, the published structure
 * (shop, currencies, the category tree, offers with their elements), every item in stock and
 * only those, absolute links from PUBLIC_URL, ETag and Last-Modified, rebuilt after a change.
 */

let t: TestApp;
let shop: IoShop;
let parka: Product;
const publicUrl = 'https://shop.example';

interface Offer {
  '@_id': string;
  '@_available': string;
  url: string;
  price: number;
  oldprice?: number;
  currencyId: string;
  categoryId: number;
  picture?: string[];
  vendor?: string;
  name: string;
  description?: string;
  barcode?: string | number;
  param?: Array<{ '@_name': string; '#text': string }>;
  group_id: number;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: true, isArray: (name) => ['offer', 'category', 'param', 'picture'].includes(name) });

async function feed(headers: Record<string, string> = {}) {
  const response = await fetch(`${t.baseUrl}/api/feeds/yandex.yml`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function offers(): Promise<Offer[]> {
  const { text } = await feed();
  expect(XMLValidator.validate(text)).toBe(true);
  const document = parser.parse(text) as { yml_catalog: { shop: { offers: { offer?: Offer[] } | '' } } };
  const list = document.yml_catalog.shop.offers;
  return typeof list === 'string' ? [] : (list.offer ?? []);
}

const itemId = (article: string) => String(parka.variants.flatMap((variant) => variant.items).find((item) => item.article === article)!.id);

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: publicUrl, FEED_SHOP_NAME: 'Север-Шоп', FEED_COMPANY: 'ООО «Север»' });
  shop = await setUpIoShop(t);
  const created = await t.rest<Product>('POST', '/products', {
    token: shop.adminToken,
    body: {
      name: 'Парка «Аляска» & Co',
      url: 'parka',
      desc: 'Тёплая парка',
      categories: [shop.ids.jackets],
      brands: [shop.ids.brand],
      sizes: [shop.ids.s, shop.ids.m],
      variants: [
        { article: 'PR', colorId: shop.ids.red, price: 4500, oldPrice: 5000, images: [shop.image], items: [{ sizeId: shop.ids.s, stock: 3, barcode: '4600000000015' }, { sizeId: shop.ids.m, stock: 0 }] },
        { article: 'PB', colorId: shop.ids.blue, price: 4800, items: [{ sizeId: shop.ids.s, stock: 1 }, { sizeId: shop.ids.m, stock: 2 }] },
      ],
    },
  });
  expect(created.status).toBe(200);
  parka = created.body;
  const hidden = await t.rest('POST', '/products', { token: shop.adminToken, body: { name: 'Снято с продажи', url: 'hidden', availability: false, variants: [{ article: 'HID', price: 10, stock: 5 }] } });
  expect(hidden.status).toBe(200);
});
afterAll(() => t?.close());

describe('the YML feed', () => {
  it('is well-formed YML with the shop, the currency, the category tree and an offer per item in stock', async () => {
    const { status, headers, text } = await feed();
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/xml');
    expect(XMLValidator.validate(text)).toBe(true);
    const { yml_catalog: catalog } = parser.parse(text) as {
      yml_catalog: { '@_date': string; shop: { name: string; company: string; url: string; currencies: { currency: { '@_id': string; '@_rate': number } }; categories: { category: Array<{ '@_id': string; '@_parentId'?: string; '#text': string }> } } };
    };
    expect(catalog['@_date']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}\+03:00$/);
    expect(catalog.shop).toMatchObject({ name: 'Север-Шоп', company: 'ООО «Север»', url: `${publicUrl}/` });
    expect(catalog.shop.currencies.currency).toMatchObject({ '@_id': 'RUB', '@_rate': '1' });
    const categories = catalog.shop.categories.category;
    expect(categories.find((row) => row['#text'] === 'Куртки')).toMatchObject({ '@_id': String(shop.ids.jackets), '@_parentId': String(shop.ids.clothes) });
    expect(categories.find((row) => row['#text'] === 'Одежда')?.['@_parentId']).toBeUndefined();

    const list = await offers();
    // Red M has no stock and the hidden product is not on sale: three offers.
    expect(list.map((offer) => offer['@_id']).sort()).toEqual([itemId('PR/S'), itemId('PB/S'), itemId('PB/M')].sort());
    const redS = list.find((offer) => offer['@_id'] === itemId('PR/S'))!;
    expect(redS).toMatchObject({
      '@_available': 'true',
      url: `${publicUrl}/product/parka`,
      price: 4500,
      oldprice: 5000,
      currencyId: 'RUB',
      categoryId: shop.ids.jackets,
      picture: [`${publicUrl}/api/images/${shop.image}`],
      vendor: 'Север',
      name: 'Парка «Аляска» & Co',
      description: 'Тёплая парка',
      group_id: parka.id,
    });
    expect(String(redS.barcode)).toBe('4600000000015');
    expect(redS.param).toEqual([
      { '@_name': 'Цвет', '#text': 'Красный' },
      { '@_name': 'Размер', '#text': 'S' },
    ]);
    expect(list.every((offer) => offer.group_id === parka.id)).toBe(true);
  });

  it('answers 304 to its own ETag or Last-Modified, and moves after an out-of-stock item and a price change', async () => {
    const first = await feed();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"yml-/);
    expect((await feed({ 'if-none-match': etag })).status).toBe(304);
    expect((await feed({ 'if-modified-since': first.headers.get('last-modified')! })).status).toBe(304);

    const stock = await t.rest('POST', '/admin/stock', { token: shop.adminToken, body: { itemIds: [Number(itemId('PB/M'))], mode: 'set', quantity: 0 } });
    expect(stock.status).toBe(200);
    expect((await offers()).map((offer) => offer['@_id'])).not.toContain(itemId('PB/M'));
    expect((await feed({ 'if-none-match': etag })).status).toBe(200);

    const current = (await t.rest<Product>('GET', `/products/${parka.id}`)).body;
    const edited = {
      name: current.name,
      url: current.url,
      desc: current.desc,
      categories: [shop.ids.jackets],
      brands: [shop.ids.brand],
      sizes: [shop.ids.s, shop.ids.m],
      variants: current.variants.map((variant) => ({
        id: variant.id,
        article: variant.article,
        colorId: variant.color?.id ?? null,
        price: variant.article === 'PB' ? 3999.5 : variant.price,
        oldPrice: variant.oldPrice,
        images: variant.images,
        items: variant.items.map((item) => ({ sizeId: item.sizeId, stock: item.stock, barcode: item.barcode })),
      })),
    };
    expect((await t.rest('PUT', `/products/${parka.id}`, { token: shop.adminToken, body: edited })).status).toBe(200);
    expect((await offers()).find((offer) => offer['@_id'] === itemId('PB/S'))?.price).toBe(3999.5);
  });

  it('is not rebuilt while nothing changes: the same bytes and the same ETag', async () => {
    const [a, b] = await Promise.all([feed(), feed()]);
    expect(a.text).toBe(b.text);
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    expect(a.headers.get('last-modified')).toBe(b.headers.get('last-modified'));
  });
});
