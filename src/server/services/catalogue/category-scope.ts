import { sql, type RawBuilder } from 'kysely';
import { categorySubtreeIds } from './refs.js';

/**
 * A dictionary list's category filter (`category` and `parent` mean the same: a category and its
 * descendants) as a subquery of the ids of the products in it; null when the list names none.
 */
export function productsInCategories(input: { category?: string | undefined; parent?: string | undefined }): RawBuilder<number> | null {
  const refs = [input.category, input.parent].filter((ref): ref is string => Boolean(ref));
  if (!refs.length) return null;
  return sql<number>`(select pc.product_id from product_categories pc where pc.category_id in ${categorySubtreeIds(refs)})`;
}
