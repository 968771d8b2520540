import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';

/** The Russian demo catalogue; idempotent (rows are keyed by url). */
export const demoTags = [
  { name: 'Новинка', url: 'novinka' },
  { name: 'Хит продаж', url: 'hit-prodazh' },
  { name: 'Скидка', url: 'skidka' },
  { name: 'Эко', url: 'eko' },
  { name: 'Подарок', url: 'podarok' },
  { name: 'Лимитированная серия', url: 'limitirovannaya-seriya' },
  { name: 'Для спорта', url: 'dlya-sporta' },
  { name: 'Осень-зима', url: 'osen-zima' },
];

export const demoSizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '38', '39', '40', '41', '42', '43', '44'].map((name) => ({
  name,
  url: name.toLowerCase(),
}));

export async function seedCatalogue(trx: Transaction<Database>): Promise<void> {
  await trx.insertInto('tags').values(demoTags).onConflict((oc) => oc.column('url').doNothing()).execute();
  await trx.insertInto('sizes').values(demoSizes).onConflict((oc) => oc.column('url').doNothing()).execute();
}
