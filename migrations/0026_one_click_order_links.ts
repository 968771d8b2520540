import { sql, type Kysely } from 'kysely';

/**
 * One-step one-click orders and the order's own status link (docs/orders.md, "One click" and
 * "Status link"):
 * - `callback_pending`: a one-click order waits for the shop to call back («Перезвонить») until
 *   the admin marks it «Подтверждён по телефону»; its address columns hold empty strings until the
 *   admin completes them;
 * - `access_token_hash`: SHA-256 of the order's 256-bit status-link token (the token itself is
 *   shown once, to the one who placed the order); `access_token_sealed`: the token encrypted with
 *   a key derived from the server's signing key, so the status letters can carry the link too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table checkouts add column callback_pending boolean not null default false`.execute(db);
  await sql`alter table checkouts add column access_token_hash text`.execute(db);
  await sql`alter table checkouts add column access_token_sealed text`.execute(db);
  await sql`create unique index checkouts_access_token_hash_idx on checkouts (access_token_hash) where access_token_hash is not null`.execute(db);
  await sql`create index checkouts_callback_pending_idx on checkouts (created_at) where callback_pending`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
