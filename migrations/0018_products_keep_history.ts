import { sql, type Kysely } from 'kysely';

/**
 * Deleting a product never takes shoppers' reviews, questions or order history with it: those
 * references now refuse the delete (NO ACTION, SQLSTATE 23503, answered 409) instead of
 * cascading. Order lines get a foreign key too; it is NOT VALID, so lines of products deleted
 * before this migration stay as the snapshots they are, while every new line and every delete is
 * checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reviews drop constraint reviews_product_id_fkey`.execute(db);
  await sql`alter table reviews add constraint reviews_product_id_fkey foreign key (product_id) references products (id)`.execute(db);
  await sql`alter table questions drop constraint questions_product_id_fkey`.execute(db);
  await sql`alter table questions add constraint questions_product_id_fkey foreign key (product_id) references products (id)`.execute(db);
  await sql`create index checkout_lines_product_idx on checkout_lines (product_id)`.execute(db);
  await sql`alter table checkout_lines add constraint checkout_lines_product_id_fkey foreign key (product_id) references products (id) not valid`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
