import { sql, type Kysely } from 'kysely';

/**
 * The catalogue's change mark (docs/catalogue-import.md, "The YML feed"): a counter per slot,
 * bumped by a statement-level trigger on every table the feed reads. The mark is the sum of the
 * slots, read in the same snapshot as the data it describes, so it moves with every committed
 * change and never comes back to an old value. The slot is the writer's backend pid modulo 64:
 * concurrent transactions (orders taking stock) rarely wait on the same row, and a transaction
 * only ever locks its own slot, so no two can deadlock on it.
 */
const watched = ['products', 'product_variants', 'variant_items', 'categories', 'brands', 'colors', 'sizes', 'product_categories', 'product_brands'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table catalogue_change_marks (slot integer primary key, n bigint not null default 0)`.execute(db);
  await sql`
    create function catalogue_bump_change_mark() returns trigger language plpgsql as $$
    begin
      insert into catalogue_change_marks (slot, n) values (pg_backend_pid() % 64, 1)
      on conflict (slot) do update set n = catalogue_change_marks.n + 1;
      return null;
    end $$`.execute(db);
  for (const table of watched) {
    await sql`create trigger ${sql.raw(`${table}_change_mark`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function catalogue_bump_change_mark()`.execute(db);
  }
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
