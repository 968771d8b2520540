import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMedia } from '../src/server/db/seed-data/media.js';
import { startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const colors = [
  ['Чёрный', 'black', '#212529'],
  ['Белый', 'white', '#f8f9fa'],
  ['Красный', 'red', '#e03131'],
  ['Синий', 'blue', '#1971c2'],
  ['Зелёный', 'green', '#2f9e44'],
  ['Бежевый', 'beige', '#e9d8a6'],
] as const;

describe('demo pictures', () => {
  it('gives every category, brand and variant without a picture one, sharing one per colour and category', async () => {
    const categories = await t.db
      .insertInto('categories')
      .values(['Диваны', 'Кресла', 'Столы', 'Лампы'].map((name, index) => ({ name, url: `cat-${index}`, parameters: '[]' })))
      .returning('id')
      .execute();
    const brands = await t.db
      .insertInto('brands')
      .values(['Уют', 'Северный дом', 'Lumen'].map((name, index) => ({ name, url: `brand-${index}` })))
      .returning('id')
      .execute();
    const colorIds = await t.db
      .insertInto('colors')
      .values(colors.map(([name, url, code]) => ({ name, url, code })))
      .returning('id')
      .execute();
    const kept = await t.db.insertInto('brands').values({ name: 'Своя картинка', url: 'own', image: 'kept.webp' }).returning('id').executeTakeFirstOrThrow();

    for (let index = 0; index < 60; index += 1) {
      const product = await t.db
        .insertInto('products')
        .values({ name: `Товар ${index}`, url: `product-${index}`, parameters: '{}', extra: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.insertInto('productCategories').values({ productId: product.id, categoryId: categories[index % categories.length]!.id }).execute();
      await t.db
        .insertInto('productVariants')
        .values(
          [0, 1, 2].map((offset) => ({
            productId: product.id,
            article: `A-${index}-${offset}`,
            colorId: colorIds[(index + offset) % colorIds.length]!.id,
            price: 100_000 + offset * 1000,
            stock: offset === 0 ? 0 : 5,
            position: offset,
          })),
        )
        .execute();
    }

    await t.db.transaction().execute((trx) => seedMedia(trx));

    const withoutImage = await t.db.selectFrom('productVariants').select('id').where((eb) => eb.fn('cardinality', ['images']), '=', 0).execute();
    expect(withoutImage).toEqual([]);
    const variantImages = await t.db.selectFrom('productVariants').select('images').execute();
    const distinct = new Set(variantImages.map((row) => row.images[0]));
    // 4 categories × 6 colours at most.
    expect(distinct.size).toBeLessThanOrEqual(24);
    expect((await t.db.selectFrom('categories').select('image').where('image', 'is', null).execute()).length).toBe(0);
    expect((await t.db.selectFrom('brands').select(['id', 'image']).where('id', 'in', [...brands.map((b) => b.id), kept.id]).execute()).find((b) => b.id === kept.id)?.image).toBe(
      'kept.webp',
    );
    // The product row shows its cheapest in-stock variant's picture (position 1 here).
    const product = await t.db.selectFrom('products').select(['id', 'image']).where('url', '=', 'product-0').executeTakeFirstOrThrow();
    const chosen = await t.db.selectFrom('productVariants').select('images').where('productId', '=', product.id).where('position', '=', 1).executeTakeFirstOrThrow();
    expect(product.image).toBe(chosen.images[0]);

    const response = await fetch(`${t.baseUrl}/api/images/${product.image}?w=400`);
    expect(response.status).toBe(200);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });

    // Seeding again changes nothing.
    const before = await t.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) => seedMedia(trx));
    expect(await t.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    // Drawing and encoding 31 pictures takes a few seconds; a busy two-core machine needs more.
  }, 90_000);

  it('draws each kind of goods as itself: a bottle, dumbbells and a bracelet of one category and colour differ', async () => {
    const category = await t.db.insertInto('categories').values({ name: 'Фитнес', url: 'fitness-kinds', parameters: '[]' }).returning('id').executeTakeFirstOrThrow();
    const color = await t.db.insertInto('colors').values({ name: 'Серый', url: 'seryj-kinds', code: '#9e9e9e' }).returning('id').executeTakeFirstOrThrow();
    const names = ['Бутылка для воды 750 мл', 'Гантели разборные 2 × 10 кг', 'Фитнес-браслет', 'Бутылка спортивная 500 мл'];
    const ids: number[] = [];
    for (const [index, name] of names.entries()) {
      const product = await t.db.insertInto('products').values({ name, url: `kind-${index}`, parameters: '{}', extra: '{}' }).returning('id').executeTakeFirstOrThrow();
      await t.db.insertInto('productCategories').values({ productId: product.id, categoryId: category.id }).execute();
      await t.db.insertInto('productVariants').values({ productId: product.id, article: `K-${index}`, colorId: color.id, price: 100_000, stock: 1, position: 0 }).execute();
      ids.push(product.id);
    }
    await t.db.transaction().execute((trx) => seedMedia(trx));
    const pictures = await t.db.selectFrom('productVariants').select(['productId', 'images']).where('productId', 'in', ids).orderBy('productId').execute();
    const [bottle, dumbbells, bracelet, otherBottle] = pictures.map((row) => row.images[0]);
    expect(new Set([bottle, dumbbells, bracelet]).size).toBe(3);
    // The same kind in the same colour shares its picture.
    expect(otherBottle).toBe(bottle);
    const original = await t.db.selectFrom('images').select('originalName').where('name', '=', dumbbells!).executeTakeFirstOrThrow();
    expect(original.originalName).toBe('product-dumbbell-seryj-kinds.jpg');
  }, 90_000);
});
