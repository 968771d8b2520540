import { sql, type Kysely } from 'kysely';

/**
 * Payments (docs/payments.md): an order paid online waits in `AwaitingPayment` until its provider
 * says it is paid, or is cancelled at `pay_by`. `payments` are the attempts at the provider (one
 * Idempotence-Key each, so a retried creation never makes a second payment), `refunds` the money
 * given back (each with its own key; `lines` the returned order lines). Money is kopecks. A
 * payment or refund row outlives nothing: deleting an order that has them is refused (restrict).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table checkouts drop constraint checkouts_status_check`.execute(db);
  await sql`alter table checkouts add constraint checkouts_status_check check (status in ('AwaitingPayment', 'New', 'InDelivery', 'Completed', 'Canceled'))`.execute(db);
  await sql`alter table checkouts add column payment_method text not null default 'on_delivery' check (payment_method in ('on_delivery', 'online'))`.execute(db);
  await sql`alter table checkouts add column payment_status text not null default 'none'
    check (payment_status in ('none', 'pending', 'paid', 'refunded', 'partially_refunded', 'canceled'))`.execute(db);
  await sql`alter table checkouts add column pay_by timestamptz`.execute(db);
  // SHA-256 of the token that lets a guest ask again for the payment of their order (shown once).
  await sql`alter table checkouts add column pay_token_hash text`.execute(db);
  // An order waiting for its payment holds its stock as a New one does: it counts in the guests' hold.
  await sql`
    create or replace function guest_units_held(network text, contact_email text, contact_phone text) returns bigint
    language sql volatile as $$
      select pg_advisory_xact_lock(hashtext('guest-units:' || network));
      select coalesce(sum(c.total_quantity), 0)::bigint from checkouts c where c.id in (
        select id from checkouts where placed_from = network and status in ('New', 'AwaitingPayment') and user_id is null
        union select id from checkouts where email = contact_email and status in ('New', 'AwaitingPayment') and user_id is null
        union select id from checkouts where phone_digits = contact_phone and status in ('New', 'AwaitingPayment') and user_id is null);
    $$`.execute(db);
  await sql`create index checkouts_pay_by_idx on checkouts (pay_by) where status = 'AwaitingPayment'`.execute(db);
  await sql`create index checkouts_payment_status_idx on checkouts (payment_status, created_at)`.execute(db);

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('checkout_id', 'integer', (col) => col.notNull().references('checkouts.id').onDelete('restrict'))
    .addColumn('provider', 'text', (col) => col.notNull())
    // Null until the provider has answered the creation (a timed-out one is retried with its key).
    .addColumn('provider_id', 'text', (col) => col.unique())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending').check(sql`status in ('pending', 'waiting_for_capture', 'succeeded', 'canceled')`))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('RUB'))
    .addColumn('confirmation_url', 'text')
    .addColumn('idempotence_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('payments_checkout_idx').on('payments').columns(['checkout_id', 'id']).execute();
  await sql`create index payments_pending_idx on payments (created_at) where status = 'pending'`.execute(db);

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('payment_id', 'integer', (col) => col.notNull().references('payments.id').onDelete('restrict'))
    .addColumn('provider_id', 'text', (col) => col.unique())
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending').check(sql`status in ('pending', 'succeeded', 'canceled')`))
    .addColumn('lines', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(lines) = 'array'`))
    .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('idempotence_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refunds_payment_idx').on('refunds').columns(['payment_id', 'id']).execute();
  await sql`create index refunds_unsent_idx on refunds (created_at) where provider_id is null`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
