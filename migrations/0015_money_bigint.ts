import { sql, type Kysely } from 'kysely';

/**
 * Money as 64-bit kopecks. A 32-bit integer holds at most 21 474 836,47 ₽, below the largest
 * price the shop accepts (100 000 000 ₽) and below many baskets' and orders' totals; bigint holds
 * any sum the shop can make, and the driver reads it as a JavaScript number (db/connection.ts:
 * exact up to 2^53 kopecks, about 90 trillion rubles).
 *
 * Every column holding kopecks or a sum of kopecks: the variants' prices, the product's copy of
 * its cheapest variant's (kept for listing, filtering and sorting without a join), the basket's
 * stored total, and the order's total and line prices. Each table is rewritten once, under its
 * lock; the indexes on these columns (products_price_idx, product_variants_price_idx,
 * product_variants_color_price_idx) and their `>= 0` checks are rebuilt on the new type. No
 * function, trigger or generated column reads a price (the search columns read names only).
 */
const moneyColumns: Record<string, string[]> = {
  products: ['price', 'old_price'],
  product_variants: ['price', 'old_price'],
  baskets: ['total_amount'],
  checkouts: ['total_amount'],
  checkout_lines: ['unit_price'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of Object.entries(moneyColumns)) {
    const changes = columns.map((column) => sql`alter column ${sql.ref(column)} type bigint`);
    await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db);
  }
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
