import { sql, type Kysely } from 'kysely';

/**
 * Richer reviews (docs/reviews.md): a review's pros and cons (optional plain text, at most 2000
 * characters each) and, for products with sizes, how the size fits: `fits`, `small` (runs small)
 * or `large` (runs large). The product page counts the size fits of approved reviews.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reviews
    add column pros text check (char_length(pros) <= 2000),
    add column cons text check (char_length(cons) <= 2000),
    add column size_fit text check (size_fit in ('fits', 'small', 'large'))`.execute(db);
  // The photo strip and the «Только с фото» filter read a product's reviews that have photos.
  await sql`create index reviews_product_photos_idx on reviews (product_id, created_at desc) where cardinality(images) > 0`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
