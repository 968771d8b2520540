import type { z } from 'zod';
import type { ColorRecord, colorInputSchema, colorListSchema } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { namedRecords } from './records.js';
import { categorySubtreeIds } from './refs.js';

type ColorFields = z.output<typeof colorInputSchema>;

const records = namedRecords('colors', ['id', 'name', 'url', 'code', 'version']);

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
  return records.page(filtered, input);
}

export function getColor(db: Db, id: number): Promise<ColorRecord> {
  return records.get(db, id);
}

export function createColor(db: Db, input: ColorFields): Promise<ColorRecord> {
  return records.create(db, input);
}

export function updateColor(db: Db, id: number, input: ColorFields, version?: number): Promise<ColorRecord> {
  return records.update(db, id, input, version);
}

/** Refused while a product variant has this colour: the variant would be left without one. */
export function deleteColor(db: Db, id: number): Promise<{ ok: true }> {
  return records.remove(db, id);
}
