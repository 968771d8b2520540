import type { z } from 'zod';
import type { ColorRecord, colorListSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { namedRecords } from './records.js';
import { categorySubtreeIds } from './refs.js';

/** Read, create, update and delete a colour; the delete is refused while a product variant has it. */
export const colorRecords = namedRecords('colors', ['id', 'name', 'url', 'code', 'version']);

export async function listColors(db: Db, input: z.output<typeof colorListSchema>): Promise<{ rows: ColorRecord[]; length: number }> {
  let filtered = db.selectFrom('colors');
  if (input.name) filtered = filtered.where('name', 'ilike', containsPattern(input.name));
  if (input.url) filtered = filtered.where('url', '=', input.url);
  if (input.code) filtered = filtered.where('code', '=', input.code.toLowerCase());
  // Colours used by the products of a category subtree (`category` and `parent` mean the same).
  const categories = [input.category, input.parent].filter((ref): ref is string => Boolean(ref));
  if (categories.length) {
    filtered = filtered.where((eb) =>
      eb.exists(
        eb.selectFrom('productVariants as v')
          .innerJoin('productCategories as pc', 'pc.productId', 'v.productId')
          .whereRef('v.colorId', '=', 'colors.id')
          .where('pc.categoryId', 'in', categorySubtreeIds(categories))
          .select('v.id'),
      ),
    );
  }
  if (input.products?.length) {
    const products = input.products;
    filtered = filtered.where((eb) =>
      eb.exists(eb.selectFrom('productVariants as v').whereRef('v.colorId', '=', 'colors.id').where('v.productId', 'in', products).select('v.id')),
    );
  }
  return colorRecords.page(filtered, input);
}
