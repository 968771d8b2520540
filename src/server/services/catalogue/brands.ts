import type { z } from 'zod';
import type { Brand, brandListSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { namedRecords } from './records.js';
import { categorySubtreeIds } from './refs.js';

/** Read, create, update and delete a brand; the delete is refused while products carry it. */
export const brandRecords = namedRecords('brands', ['id', 'name', 'url', 'image', 'showOnMain', 'synonyms', 'version']);

export async function listBrands(db: Db, input: z.output<typeof brandListSchema>): Promise<{ rows: Brand[]; length: number }> {
  let filtered = db.selectFrom('brands');
  if (input.name) filtered = filtered.where('name', 'ilike', containsPattern(input.name));
  if (input.showOnMain !== undefined) filtered = filtered.where('showOnMain', '=', input.showOnMain);
  // Brands of the products of a category subtree (`category` and `parent` mean the same).
  const categories = [input.category, input.parent].filter((ref): ref is string => Boolean(ref));
  if (categories.length) {
    filtered = filtered.where((eb) =>
      eb.exists(
        eb.selectFrom('productBrands as pb')
          .innerJoin('productCategories as pc', 'pc.productId', 'pb.productId')
          .whereRef('pb.brandId', '=', 'brands.id')
          .where('pc.categoryId', 'in', categorySubtreeIds(categories))
          .select('pb.productId'),
      ),
    );
  }
  return brandRecords.page(filtered, input);
}
