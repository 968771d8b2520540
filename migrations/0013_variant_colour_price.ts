import { sql, type Kysely } from 'kysely';

/**
 * The variant rule (colour and price match the same variant, docs/catalogue.md) reads the variants of the
 * chosen colours within a price range: with (color_id, price, product_id) that is one index range
 * per colour, read without touching the table (the filtered bench page: 13.7 → 7.8 ms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index product_variants_color_price_idx on product_variants (color_id, price, product_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index product_variants_color_price_idx`.execute(db);
}
