import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductCard } from '../src/shared/schemas/catalogue.js';
import { applyAndWait, csvFile, download, setUpIoShop, upload, type IoShop } from './support/catalogue-io-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

/**
 * The catalogue's CSV (docs/catalogue-import.md): export, the check of an upload (every row's
 * problems, nothing written), the apply as one transaction with its progress, upsert by article,
 * all or nothing, admins only, and a round trip export → import → the same catalogue.
 */

let t: TestApp;
let shop: IoShop;

/** A valid EAN-13 from its first twelve digits. */
function ean(twelve: string): string {
  const sum = [...twelve].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

const count = async (table: 'products' | 'variantItems') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const productByUrl = async (url: string) => (await t.rest<Product>('GET', `/products/by-url/${url}`)).body;

beforeAll(async () => {
  t = await startTestApp();
  shop = await setUpIoShop(t);
  await t.rest('POST', '/products', {
    token: shop.adminToken,
    body: {
      name: 'Парка',
      url: 'parka',
      categories: [shop.ids.jackets],
      sizes: [shop.ids.s, shop.ids.m],
      variants: [{ article: 'PARKA-R', colorId: shop.ids.red, price: 5000, items: [{ sizeId: shop.ids.s, stock: 1 }, { sizeId: shop.ids.m, stock: 2 }] }],
    },
  });
});
afterAll(() => t?.close());

describe('who may import and export', () => {
  it('refuses without a token (401) and a shopper (403)', async () => {
    expect((await download(t, undefined)).status).toBe(401);
    expect((await download(t, shop.shopperToken)).status).toBe(403);
    expect((await upload(t, undefined, csvFile([]))).status).toBe(401);
    expect((await upload(t, shop.shopperToken, csvFile([]))).status).toBe(403);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.rest('POST', `/products/imports/${id}/apply`, { token: shop.shopperToken })).status).toBe(403);
    expect((await t.rest('GET', `/products/imports/${id}`, { token: shop.shopperToken })).status).toBe(403);
    expect((await t.rest('GET', `/products/imports/${id}`)).status).toBe(401);
    expect((await t.rest('GET', `/products/imports/${id}`, { token: shop.adminToken })).status).toBe(404);
  });
});

describe('the check of a file', () => {
  it('lists every row’s problems in Russian and writes nothing', async () => {
    const before = await count('variantItems');
    const file = csvFile([
      `NEW-1/S;Пальто;palto;;да;Одежда / Шубы;Север;NEW-1;Красный;7000;;S;3;;`,
      `NEW-1/M;Пальто;palto;;да;Одежда / Шубы;Север;NEW-1;Красный;7000;;XXL;3;;`,
      `NEW-2/S;Пальто;palto;;да;Одежда / Шубы;Юг;NEW-2;Зелёный;дорого;;S;-1;1234567890123;нет.webp`,
    ]);
    const { status, body } = await upload(t, shop.adminToken, file);
    expect(status).toBe(200);
    expect(body.importId).toBeNull();
    expect(body.rows).toBe(3);
    const messages = (line: number) => body.problems.find((problem) => problem.line === line)?.messages.join(' | ') ?? '';
    expect(messages(2)).toContain('Категория «Одежда / Шубы» не найден');
    expect(messages(3)).toContain('Размер «XXL» не найден');
    expect(messages(4)).toContain('Бренд «Юг»');
    expect(messages(4)).toContain('Цвет «Зелёный»');
    expect(messages(4)).toContain('«Цена»: не цена');
    expect(messages(4)).toContain('«Остаток»');
    expect(messages(4)).toContain('Штрихкод «1234567890123» не EAN-13');
    expect(messages(4)).toContain('Изображения «нет.webp» нет в медиатеке');
    expect(messages(4)).toContain('расходятся со строкой 2');
    expect(await count('variantItems')).toBe(before);
  });

  it('refuses a file without the required columns, naming them', async () => {
    const { body } = await upload(t, shop.adminToken, 'Артикул;Товар\nA;Б\n');
    expect(body.importId).toBeNull();
    expect(body.fileProblems).toContain('Нет колонки «Цена»');
  });

  it('refuses an item article that belongs to another colour', async () => {
    const { body } = await upload(t, shop.adminToken, csvFile([`PARKA-R/S;Куртка;kurtka;;да;;;KURTKA-1;;100;;S;1;;`]));
    expect(body.problems[0]?.messages.join(' ')).toContain('уже у другой позиции');
  });
});

describe('applying a file', () => {
  it('creates and updates by article in one transaction, the progress reaching the total', async () => {
    const file = csvFile([
      `PARKA-R/S;Парка;parka;Тёплая;да;Одежда / Куртки;Север;PARKA-R;Красный;4500;5000;S;7;${ean('460000000001')};${shop.image}`,
      `PARKA-R/M;Парка;parka;Тёплая;да;Одежда / Куртки;Север;PARKA-R;Красный;4500;5000;M;0;;${shop.image}`,
      `PARKA-B/S;Парка;parka;Тёплая;да;Одежда / Куртки;Север;PARKA-B;Синий;4800;;S;2;;`,
      `VEST-1;Жилет стёганый;zhilet;;да;Одежда;;VEST-1;;1999,90;;;4;;`,
    ]);
    const { body } = await upload(t, shop.adminToken, file);
    expect(body.problems).toEqual([]);
    expect(body.counts).toEqual({ newProducts: 1, updatedProducts: 1, newItems: 2, updatedItems: 2 });
    const seen = await applyAndWait(t, shop.adminToken, body.importId!);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ status: 'done', error: null });
    expect(last.done).toBe(last.total);

    const parka = await productByUrl('parka');
    expect(parka.desc).toBe('Тёплая');
    const red = parka.variants.find((variant) => variant.article === 'PARKA-R')!;
    expect(red).toMatchObject({ price: 4500, oldPrice: 5000, stock: 7, images: [shop.image] });
    expect(red.items.find((item) => item.article === 'PARKA-R/S')).toMatchObject({ stock: 7, barcode: ean('460000000001') });
    const blue = parka.variants.find((variant) => variant.article === 'PARKA-B')!;
    expect(blue.stock).toBe(2);
    // The new colour gets every size of the product; the one not in the file starts at 0.
    expect(blue.items.map((item) => [item.article, item.stock])).toEqual([['PARKA-B/S', 2], ['PARKA-B/M', 0]]);
    const vest = await productByUrl('zhilet');
    expect(vest).toMatchObject({ name: 'Жилет стёганый', price: 1999.9, inStock: true });
    // Search and the kept answers of the list see the import at once.
    const found = await t.rest<{ rows: ProductCard[] }>('GET', '/products?name=стеганый');
    expect(found.body.rows.map((row) => row.name)).toContain('Жилет стёганый');
    const inJackets = await t.rest<{ rows: ProductCard[] }>('GET', '/products?categories=odezhda');
    expect(inJackets.body.rows.map((row) => row.name).sort()).toEqual(['Жилет стёганый', 'Парка']);
  });

  it('writes nothing when the transaction fails (a colour article taken after the check)', async () => {
    const itemsBefore = await count('variantItems');
    const file = csvFile([`VEST-1;Жилет стёганый;zhilet;;да;Одежда;;VEST-1;;1999,90;;;99;;`, `SHIRT-1;Рубашка;rubashka;;да;;;SHIRT-1;;900;;;5;;`]);
    const { body } = await upload(t, shop.adminToken, file);
    expect(body.problems).toEqual([]);
    const taken = await t.rest('POST', '/products', { token: shop.adminToken, body: { name: 'Чужая', url: 'chuzhaya', variants: [{ article: 'SHIRT-1', price: 1, stock: 1 }] } });
    expect(taken.status).toBe(200);
    const last = (await applyAndWait(t, shop.adminToken, body.importId!)).at(-1)!;
    expect(last.status).toBe('failed');
    expect(last.error).toContain('Каталог изменился после проверки файла');
    expect((await productByUrl('zhilet')).variants[0]!.stock).toBe(4);
    expect((await t.rest('GET', '/products/by-url/rubashka')).status).toBe(404);
    expect(await count('variantItems')).toBe(itemsBefore + 1);
    // A job runs once.
    expect((await t.rest('POST', `/products/imports/${body.importId}/apply`, { token: shop.adminToken })).status).toBe(409);
  });
});

describe('round trip', () => {
  it('export → import gives the same catalogue, and an edited cell changes only that', async () => {
    const first = await download(t, shop.adminToken);
    expect(first.status).toBe(200);
    expect(first.type).toContain('text/csv');
    expect(first.text.startsWith('\uFEFFАртикул;Товар;Адрес товара')).toBe(true);
    expect(first.text).toContain('Одежда / Куртки');
    const checked = await upload(t, shop.adminToken, first.text);
    expect(checked.body.problems).toEqual([]);
    expect(checked.body.counts.newItems).toBe(0);
    expect((await applyAndWait(t, shop.adminToken, checked.body.importId!)).at(-1)!.status).toBe('done');
    expect((await download(t, shop.adminToken)).text).toBe(first.text);

    const edited = first.text.replace(/^(VEST-1;.*;)4;;$/m, '$111;;');
    expect(edited).not.toBe(first.text);
    const again = await upload(t, shop.adminToken, edited);
    expect((await applyAndWait(t, shop.adminToken, again.body.importId!)).at(-1)!.status).toBe('done');
    expect((await productByUrl('zhilet')).variants[0]!.stock).toBe(11);
    expect((await download(t, shop.adminToken)).text).toBe(edited);
  });
});
