import { sql, type Kysely } from 'kysely';

/**
 * A default address (docs/orders.md, "Addresses"): at most one per user, enforced by a unique
 * partial index. Every user who already has addresses gets their first one (lowest id, the one
 * the checkout used to fill in) as the default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table addresses add column is_default boolean not null default false`.execute(db);
  await sql`update addresses set is_default = true where id in (select min(id) from addresses where user_id is not null group by user_id)`.execute(db);
  await sql`create unique index addresses_one_default_idx on addresses (user_id) where is_default`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
