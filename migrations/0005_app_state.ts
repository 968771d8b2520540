import { sql, type Kysely } from 'kysely';

/**
 * What the shop keeps about itself, where every instance finds it: the JWT key it generated when
 * the environment gives none (tokens survive a restart and are accepted by every instance), and
 * the mark that the demo data went in (written in the seed's own transaction).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_state')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // A database seeded before this mark existed is marked now, so its demo data is not added again.
  await sql`insert into app_state (name, value) select 'demo-seeded', 'before-0005' where exists (select 1 from products)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
