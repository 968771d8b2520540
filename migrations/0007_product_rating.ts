import { sql, type Kysely } from 'kysely';

/**
 * A product's rating is the mean of its reviews and its review count their number (the reviews
 * domain keeps both exact); a product without reviews has no rating (null), not a rating of 0.
 * Ratings stored before reviews existed were not means of anything and are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products alter column rating drop not null, alter column rating drop default`.execute(db);
  await sql`update products set rating = null`.execute(db);
  await db.schema.alterTable('products').addColumn('review_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  // Sorting by rating puts unrated products last (read as 0).
  await db.schema.dropIndex('products_rating_idx').execute();
  await sql`create index products_rating_idx on products ((coalesce(rating, 0)), id)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
