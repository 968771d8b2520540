import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand, Color, ProductCard } from '../src/shared/schemas/catalogue.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** Each mechanism of the name search (docs/search.md) on a small catalogue of its own. */

let t: TestApp;
let adminToken = '';
const brand: Record<string, Brand> = {};
const color: Record<string, Color> = {};

interface Answer {
  rows: ProductCard[];
  length: number;
  approximate: boolean;
  correctedQuery?: string;
  suggestions?: string[];
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await t.rest<T>('POST', path, { body, token: adminToken });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function find(text: string, extra = ''): Promise<Answer> {
  const response = await t.rest<Answer>('GET', `/products?name=${encodeURIComponent(text)}${extra}`);
  expect(response.status).toBe(200);
  return response.body;
}

const names = async (text: string, extra = '') => (await find(text, extra)).rows.map((row) => row.name);

let article = 0;
function product(name: string, options: { brand?: string; colors?: readonly string[]; price?: number } = {}) {
  const colors = options.colors ?? [null];
  return post('/products', {
    name,
    url: `p-${++article}`,
    brands: options.brand ? [brand[options.brand]!.id] : [],
    variants: colors.map((c, i) => ({
      article: `A-${article}-${i}`,
      colorId: c ? color[c]!.id : null,
      price: (options.price ?? 1000) + i * 500,
      stock: 3,
    })),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
  brand['nike'] = await post('/brands', { name: 'Nike', url: 'nike', synonyms: ['Найк'] });
  brand['puma'] = await post('/brands', { name: 'Puma', url: 'puma' });
  brand['columbia'] = await post('/brands', { name: 'Columbia', url: 'columbia' });
  color['white'] = await post('/colors', { name: 'Белый', url: 'belyj', code: '#ffffff' });
  color['black'] = await post('/colors', { name: 'Чёрный', url: 'chernyj', code: '#000000' });
  await post('/categories', { name: 'Спорт', url: 'sport' });
  for (const [name, options] of [
    ['Платье летнее', {}],
    ['Пальто шерстяное', {}],
    ['Жилет стёганый', {}],
    ['Шарф вязаный', {}],
    ['Щётка для обуви', {}],
    ['Юбка плиссе', {}],
    ['Ремень кожаный', {}],
    ['Пряжка для ремня', {}],
    ['Носки хлопковые', {}],
    ['Замок велосипедный', {}],
    ['Сапоги резиновые', {}],
    ['Коврик для йоги', {}],
    ['Ковры ручной работы', {}],
    ['Сумка женская', {}],
    ['Брюки льняные', {}],
    ['Часы наручные', {}],
    ['Мягкая игрушка заяц', {}],
    ['Заяц шоколадный', {}],
    ['Кофеварка Capo', {}],
    ['Кроссовки беговые', { brand: 'nike', colors: ['black', 'white'], price: 5000 }],
    ['Кроссовки городские', { brand: 'puma', colors: ['black'], price: 4000 }],
    ['Куртка зимняя', { brand: 'columbia', colors: ['black'] }],
    ['Куртка лёгкая', { brand: 'puma', colors: ['white'] }],
  ] as const) {
    await product(name, options);
  }
});
afterAll(() => t?.close());

describe('wrong keyboard layout', () => {
  it('reads each word in the other layout when it matches nothing as typed, both ways', async () => {
    expect(await names('gkfnmt')).toEqual(['Платье летнее']);
    expect(await names('ifha')).toEqual(['Шарф вязаный']);
    expect(await names(';bktn')).toEqual(['Жилет стёганый']);
    expect(await names('сфзщ')).toEqual(['Кофеварка Capo']);
    expect(await names('gkfnmt летнее')).toEqual(['Платье летнее']);
    expect(await names('платье ktnytt')).toEqual(['Платье летнее']);
    expect((await find('gkfnmt')).correctedQuery).toBe('платье');
  });
});

describe('Latin letters', () => {
  it('finds the Russian word in the spellings people use', async () => {
    for (const text of ['palto', 'paljto', "pal'to"]) expect(await names(text)).toEqual(['Пальто шерстяное']);
    for (const text of ['zhilet', 'jilet']) expect(await names(text)).toEqual(['Жилет стёганый']);
    for (const text of ['schetka', 'shchetka']) expect(await names(text)).toEqual(['Щётка для обуви']);
    for (const text of ['yubka', 'iubka', 'jubka']) expect(await names(text)).toEqual(['Юбка плиссе']);
    expect(await names('chasy')).toEqual(['Часы наручные']);
    expect(await names('platye')).toEqual(['Платье летнее']);
    expect((await find('palto')).correctedQuery).toBe('пальто');
  });

  it('takes prefixes and word forms in Latin too', async () => {
    expect((await names('krossov')).sort()).toEqual(['Кроссовки беговые', 'Кроссовки городские']);
    expect(await names('kurtku')).toHaveLength(2);
    expect(await names('sumki')).toEqual(['Сумка женская']);
  });
});

describe('typos and word forms', () => {
  it('never corrects a correct word form into another word', async () => {
    for (const text of ['сумку', 'брюках', 'ремнём']) {
      const answer = await find(text);
      expect(answer.rows.length).toBeGreaterThan(0);
      expect(answer.correctedQuery).toBeUndefined();
    }
  });

  it('corrects a word that matches nothing, counting swapped letters as one edit, and keeps prefixes', async () => {
    expect(await names('сапго')).toEqual(['Сапоги резиновые']);
    expect((await find('куртак')).correctedQuery).toBe('куртка');
    expect((await names('кросов')).sort()).toEqual(['Кроссовки беговые', 'Кроссовки городские']);
    expect(await names('куртак')).toHaveLength(2);
  });

  it('finds words whose stem loses a fleeting vowel', async () => {
    expect(await names('ремни')).toEqual(['Ремень кожаный', 'Пряжка для ремня']);
    expect(await names('носок')).toEqual(['Носки хлопковые']);
    expect(await names('замки')).toEqual(['Замок велосипедный']);
  });

  it('uses a typed prefix as typed', async () => {
    expect(await names('коври')).toEqual(['Коврик для йоги']);
    expect(await names('ковры')).toEqual(['Ковры ручной работы']);
  });

  it('offers the nearest words when a word matches nothing', async () => {
    const answer = await find('плотьица');
    expect(answer.rows).toEqual([]);
    expect(answer.suggestions).toContain('платье');
    expect((await find('zzzz')).rows).toEqual([]);
  });
});

describe('ranking', () => {
  it('puts the product whose head noun matches first', async () => {
    expect(await names('ремень')).toEqual(['Ремень кожаный', 'Пряжка для ремня']);
    expect(await names('заяц')).toEqual(['Заяц шоколадный', 'Мягкая игрушка заяц']);
    expect(await names('игрушка')).toEqual(['Мягкая игрушка заяц']);
  });
});

describe('colour, brand and category words', () => {
  it('filters by a colour named in the query', async () => {
    expect(await names('кроссовки белые')).toEqual(['Кроссовки беговые']);
    expect(await names('черные кроссовки', '&sortBy=price')).toEqual(['Кроссовки городские', 'Кроссовки беговые']);
    expect(await names('krossovki belye')).toEqual(['Кроссовки беговые']);
  });

  it('filters by a brand named by its name, a synonym or its name in Cyrillic letters', async () => {
    expect(await names('куртка columbia')).toEqual(['Куртка зимняя']);
    expect(await names('найк')).toEqual(['Кроссовки беговые']);
    expect(await names('пума', '&sortBy=name')).toEqual(['Кроссовки городские', 'Куртка лёгкая']);
    expect(await names('куртка колумбия')).toEqual(['Куртка зимняя']);
  });

  it('takes synonyms edited in the admin at once', async () => {
    expect(await names('пумочка кроссовки')).toEqual([]);
    const updated = await t.rest<Brand>('PUT', `/brands/${brand['puma']!.id}`, {
      body: { name: 'Puma', url: 'puma', synonyms: ['Пумочка', 'пумочка'] },
      token: adminToken,
    });
    expect(updated.body.synonyms).toEqual(['пумочка']);
    expect(await names('пумочка кроссовки')).toEqual(['Кроссовки городские']);
  });

  it('filters by a category named in the query', async () => {
    await t.db
      .insertInto('productCategories')
      .columns(['productId', 'categoryId'])
      .expression((eb) =>
        eb
          .selectFrom('products')
          .innerJoin('categories', (join) => join.onTrue())
          .select(['products.id', 'categories.id'])
          .where('categories.url', '=', 'sport')
          .where('products.name', 'like', 'Кроссовки%'),
      )
      .execute();
    expect(await names('спорт', '&sortBy=name')).toEqual(['Кроссовки беговые', 'Кроссовки городские']);
  });
});

describe('remembered readings of a search text (services/catalogue/listing/caches.ts)', () => {
  const version = async () => Number((await t.db.selectFrom('searchVersion').select('version').executeTakeFirstOrThrow()).version);

  it('reads a text again once the catalogue learns its word, and not before', async () => {
    // «куртак» is corrected to «куртка»; the second answer comes from the remembered reading.
    expect((await find('куртак')).correctedQuery).toBe('куртка');
    expect((await find('куртак')).correctedQuery).toBe('куртка');
    const before = await version();
    // A save that keeps the names (as a checkout's stock change does) teaches no word.
    await sql`update products set name = name`.execute(t.db);
    expect(await version()).toBe(before);

    await product('Куртак дизайнерский');
    expect(await version()).toBeGreaterThan(before);
    const answer = await find('куртак');
    expect(answer.correctedQuery).toBeUndefined();
    expect(answer.rows.map((row) => row.name)).toEqual(['Куртак дизайнерский']);
    expect((await t.rest<{ minPrice: number }>('GET', '/products/priceRange?name=куртак')).body.minPrice).toBe(1000);
  });

  it('forgets the readings when a colour changes its name', async () => {
    expect((await find('белая куртка')).rows.map((row) => row.name)).toEqual(['Куртка лёгкая']);
    const updated = await t.rest('PUT', `/colors/${color['white']!.id}`, { body: { name: 'Молочный', url: 'belyj', code: '#ffffff' }, token: adminToken });
    expect(updated.status).toBe(200);
    // «белая» names no colour now and no product: nothing is found, not the remembered filter.
    expect((await find('белая куртка')).rows).toEqual([]);
  });
});
