import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { ColorRecord, colorInputSchema, colorListSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { missingOrStale, nextVersion, sameVersion } from '../platform/versioned.js';
import { refuseIfReferenced } from './dependents.js';
import { categorySubtreeIds } from './refs.js';

type ColorFields = z.output<typeof colorInputSchema>;

const columns = ['id', 'name', 'url', 'code', 'version'] as const;

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
  const [rows, total] = await Promise.all([
    filtered.select(columns).orderBy(input.sortBy, input.orderBy).orderBy('id').limit(input.limit).offset(input.offset).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('length')).executeTakeFirstOrThrow(),
  ]);
  return { rows, length: total.length };
}

export async function getColor(db: Db, id: number): Promise<ColorRecord> {
  const row = await db.selectFrom('colors').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return row;
}

export function createColor(db: Db, input: ColorFields): Promise<ColorRecord> {
  return db.insertInto('colors').values(input).returning(columns).executeTakeFirstOrThrow();
}

export async function updateColor(db: Db, id: number, input: ColorFields, version?: number): Promise<ColorRecord> {
  const row = await db
    .updateTable('colors')
    .set({ ...input, version: nextVersion })
    .where('id', '=', id)
    .where(sameVersion(version))
    .returning(columns)
    .executeTakeFirst();
  if (!row) throw await missingOrStale(db, 'colors', id);
  return row;
}

/** Foreign keys refuse the delete while a product variant has this colour (SPEC.md section 5). */
export async function deleteColor(db: Db, id: number): Promise<{ ok: true }> {
  await refuseIfReferenced(db, { table: 'colors', id });
  const result = await db.deleteFrom('colors').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
  return { ok: true };
}
