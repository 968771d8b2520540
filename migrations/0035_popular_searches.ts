import { sql, type Kysely } from 'kysely';

/**
 * Popular searches (docs/search.md, "Suggestions and popular searches"): each normalised search
 * text that found products, how often it was asked and when last. Small by design: the writer
 * keeps at most a few thousand rows and housekeeping drops the stale ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('popular_searches')
    .addColumn('query', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('popular_searches_rank_idx').on('popular_searches').columns(['count desc', 'last_at desc']).execute();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
