import type { z } from 'zod';
import type { Brand, brandInputSchema, brandListSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { namedRecords } from './records.js';
import { categorySubtreeIds } from './refs.js';

type BrandFields = z.output<typeof brandInputSchema>;

const records = namedRecords('brands', ['id', 'name', 'url', 'image', 'showOnMain', 'synonyms', 'version']);

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
  return records.page(filtered, input);
}

export function getBrand(db: Db, id: number): Promise<Brand> {
  return records.get(db, id);
}

export function createBrand(db: Db, input: BrandFields): Promise<Brand> {
  return records.create(db, input);
}

export function updateBrand(db: Db, id: number, input: BrandFields, version?: number): Promise<Brand> {
  return records.update(db, id, input, version);
}

/** Refused while products carry the brand: a product's brand list must not lose it silently. */
export function deleteBrand(db: Db, id: number): Promise<{ ok: true }> {
  return records.remove(db, id);
}
