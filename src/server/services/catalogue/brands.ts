import type { z } from 'zod';
import type { Brand, brandListSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { productsInCategories } from './category-scope.js';
import { namedRecords } from './records.js';

/** Read, create, update and delete a brand; the delete is refused while products carry it. */
export const brandRecords = namedRecords('brands', ['id', 'name', 'url', 'image', 'showOnMain', 'synonyms', 'version']);

export async function listBrands(db: Db, input: z.output<typeof brandListSchema>): Promise<{ rows: Brand[]; length: number }> {
  let filtered = db.selectFrom('brands');
  if (input.name) filtered = filtered.where('name', 'ilike', containsPattern(input.name));
  if (input.showOnMain !== undefined) filtered = filtered.where('showOnMain', '=', input.showOnMain);
  // Brands of the products of a category subtree.
  const inCategories = productsInCategories(input);
  if (inCategories) {
    filtered = filtered.where((eb) => eb.exists(eb.selectFrom('productBrands as pb').whereRef('pb.brandId', '=', 'brands.id').where('pb.productId', 'in', inCategories).select('pb.productId')));
  }
  return brandRecords.page(filtered, input);
}
