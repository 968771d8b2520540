import { type Kysely } from 'kysely';

/**
 * Slides carry real text over the picture (docs/content.md): `title` (already there, until now
 * only the picture's alternative text) becomes the heading, and a subtitle and the button's text
 * join it. Empty means «not shown»; the button leads to the existing `link`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('slides')
    .addColumn('subtitle', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('button_text', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
