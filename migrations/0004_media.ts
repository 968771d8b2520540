import type { Kysely } from 'kysely';

/** Uploaded images: originals' metadata and encoded widths, stored in the database. */
export function up(_db: Kysely<unknown>): Promise<void> {
  return Promise.resolve();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
