import { sql, type Kysely } from 'kysely';

/**
 * The shop's settings the Admin changes at run time (docs/settings.md): one row per setting, its
 * value as JSON, who changed it last and when. A setting with no row has its default, so a new
 * setting needs no migration of its own, only a default in `src/shared/schemas/settings.ts`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
