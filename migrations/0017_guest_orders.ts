import { sql, type Kysely } from 'kysely';

/**
 * Guest orders that nobody else can reach or abuse:
 * - an address saved without an account carries the SHA-256 of a random token that only its
 *   creator received; a direct checkout must present it;
 * - an idempotency key is unique within its caller's scope (`user:<id>`, `basket:<uuid>`,
 *   `staff:<id>`, `guest`) and remembers the hash of the request it answered, so the same key with
 *   another body is refused instead of answering someone else's order;
 * - a direct order records the client's network (an IPv4 address or an IPv6 /64) and its phone's
 *   digits, so the units held by not yet shipped guest orders can be counted per network, e-mail
 *   (stored lower-case) and phone, each by an index of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table addresses add column token_hash text`.execute(db);

  await sql`alter table checkouts add column idempotency_scope text`.execute(db);
  await sql`alter table checkouts add column request_hash text`.execute(db);
  await sql`alter table checkouts add column placed_from text`.execute(db);
  await sql`
    update checkouts set idempotency_scope = case
      when user_id is not null then 'user:' || user_id
      when basket_id is not null then 'basket:' || basket_id
      else 'guest' end
    where idempotency_key is not null`.execute(db);
  await sql`alter table checkouts drop constraint checkouts_idempotency_key_key`.execute(db);
  await sql`create unique index checkouts_idempotency_key on checkouts (idempotency_scope, idempotency_key) where idempotency_key is not null`.execute(db);

  // Open guest orders by where they came from and whom they name: one index per kind of match,
  // none usable for another's condition (identical partial predicates let the planner pick the
  // wrong one on a table it has not analysed yet: 8 ms per order instead of 0.1).
  await sql`alter table checkouts add column phone_digits text`.execute(db);
  await sql`create index checkouts_guest_network_idx on checkouts (placed_from, status) where placed_from is not null`.execute(db);
  await sql`create index checkouts_guest_phone_idx on checkouts (phone_digits, status) where phone_digits is not null`.execute(db);
  await sql`create index checkouts_email_idx on checkouts (email, status)`.execute(db);

  // Counted under a transaction-level lock per network, in one round trip: in a VOLATILE SQL
  // function each statement takes a fresh snapshot, so the sum sees every order committed by a
  // transaction that held the lock before this one.
  await sql`
    create function guest_units_held(network text, contact_email text, contact_phone text) returns bigint
    language sql volatile as $$
      select pg_advisory_xact_lock(hashtext('guest-units:' || network));
      select coalesce(sum(c.total_quantity), 0)::bigint from checkouts c where c.id in (
        select id from checkouts where placed_from = network and status = 'New' and user_id is null
        union select id from checkouts where email = contact_email and status = 'New' and user_id is null
        union select id from checkouts where phone_digits = contact_phone and status = 'New' and user_id is null);
    $$`.execute(db);

  // The purge of guest records that were never used.
  await sql`create index baskets_guest_updated_idx on baskets (updated_at) where user_id is null and status = 'Active'`.execute(db);
  await sql`create index wishlists_guest_updated_idx on wishlists (updated_at) where user_id is null`.execute(db);
  await sql`create index addresses_guest_created_idx on addresses (created_at) where user_id is null`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
