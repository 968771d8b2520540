import { sql, type Kysely } from 'kysely';

/**
 * Size charts (docs/catalogue.md, "Size charts"): at most one per category, a title and a table of
 * text cells kept as JSON — `columns`, the header row, and `rows`, arrays of as many cells. A
 * product shows the chart of its nearest category or ancestor that has one. The chart belongs to
 * its category and goes with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('size_charts')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('category_id', 'integer', (col) => col.notNull().unique().references('categories.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('columns', 'jsonb', (col) => col.notNull().check(sql`jsonb_typeof(columns) = 'array'`))
    .addColumn('rows', 'jsonb', (col) => col.notNull().check(sql`jsonb_typeof(rows) = 'array'`))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
