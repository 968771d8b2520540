import type { ExpressionBuilder, RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { ColorRecord, colorListSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import type { Database } from '../../db/schema.js';
import { productsInCategories } from './category-scope.js';
import { namedRecords } from './records.js';

/** Read, create, update and delete a colour; the delete is refused while a product variant has it. */
export const colorRecords = namedRecords('colors', ['id', 'name', 'url', 'code', 'version']);

export async function listColors(db: Db, input: z.output<typeof colorListSchema>): Promise<{ rows: ColorRecord[]; length: number }> {
  let filtered = db.selectFrom('colors');
  if (input.name) filtered = filtered.where('name', 'ilike', containsPattern(input.name));
  if (input.url) filtered = filtered.where('url', '=', input.url);
  if (input.code) filtered = filtered.where('code', '=', input.code.toLowerCase());
  // Colours used by the variants of some products: those of a category subtree, or those named.
  const usedBy = (products: RawBuilder<number> | readonly number[]) => (eb: ExpressionBuilder<Database, 'colors'>) =>
    eb.exists(eb.selectFrom('productVariants as v').whereRef('v.colorId', '=', 'colors.id').where('v.productId', 'in', products).select('v.id'));
  const inCategories = productsInCategories(input);
  if (inCategories) filtered = filtered.where(usedBy(inCategories));
  if (input.products?.length) filtered = filtered.where(usedBy(input.products));
  return colorRecords.page(filtered, input);
}
