import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { Brand, brandInputSchema, brandListSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { missingOrStale, nextVersion, sameVersion } from '../platform/versioned.js';
import { refuseIfReferenced } from './dependents.js';
import { categorySubtreeIds } from './refs.js';

type BrandFields = z.output<typeof brandInputSchema>;

const columns = ['id', 'name', 'url', 'image', 'showOnMain', 'synonyms', 'version'] as const;

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
  const [rows, total] = await Promise.all([
    filtered.select(columns).orderBy(input.sortBy, input.orderBy).orderBy('id').limit(input.limit).offset(input.offset).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('length')).executeTakeFirstOrThrow(),
  ]);
  return { rows, length: total.length };
}

export async function getBrand(db: Db, id: number): Promise<Brand> {
  const row = await db.selectFrom('brands').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return row;
}

export function createBrand(db: Db, input: BrandFields): Promise<Brand> {
  return db.insertInto('brands').values(input).returning(columns).executeTakeFirstOrThrow();
}

export async function updateBrand(db: Db, id: number, input: BrandFields, version?: number): Promise<Brand> {
  const row = await db
    .updateTable('brands')
    .set({ ...input, version: nextVersion })
    .where('id', '=', id)
    .where(sameVersion(version))
    .returning(columns)
    .executeTakeFirst();
  if (!row) throw await missingOrStale(db, 'brands', id);
  return row;
}

/** Foreign keys refuse the delete while products carry the brand (SPEC.md section 5). */
export async function deleteBrand(db: Db, id: number): Promise<{ ok: true }> {
  await refuseIfReferenced(db, { table: 'brands', id });
  const result = await db.deleteFrom('brands').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
  return { ok: true };
}
