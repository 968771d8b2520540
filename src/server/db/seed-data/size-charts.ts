import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';

/** Demo size charts of the clothing and footwear categories (their subcategories inherit them); idempotent. */
export const demoSizeCharts = [
  {
    categoryUrl: 'odezhda',
    title: 'Размеры одежды',
    columns: ['Размер', 'Российский', 'Обхват груди, см', 'Обхват талии, см', 'Обхват бёдер, см'],
    rows: [
      ['XS', '42', '82–85', '62–65', '88–91'],
      ['S', '44', '86–89', '66–69', '92–95'],
      ['M', '46–48', '90–97', '70–77', '96–103'],
      ['L', '50', '98–101', '78–81', '104–107'],
      ['XL', '52–54', '102–109', '82–89', '108–115'],
      ['XXL', '56', '110–113', '90–93', '116–119'],
    ],
  },
  {
    categoryUrl: 'obuv',
    title: 'Размеры обуви',
    columns: ['Российский', 'EU', 'US', 'Длина стопы, см'],
    rows: [
      ['38', '39', '7', '24,5'],
      ['39', '40', '7,5', '25'],
      ['40', '41', '8', '25,5'],
      ['41', '42', '9', '26,5'],
      ['42', '43', '10', '27'],
      ['43', '44', '10,5', '28'],
      ['44', '45', '11', '28,5'],
    ],
  },
];

export async function seedSizeCharts(trx: Transaction<Database>): Promise<void> {
  for (const chart of demoSizeCharts) {
    const category = await trx.selectFrom('categories').select('id').where('url', '=', chart.categoryUrl).executeTakeFirst();
    if (!category) continue;
    await trx
      .insertInto('sizeCharts')
      .values({ categoryId: category.id, title: chart.title, columns: JSON.stringify(chart.columns), rows: JSON.stringify(chart.rows) })
      .onConflict((oc) => oc.column('categoryId').doNothing())
      .execute();
  }
}
