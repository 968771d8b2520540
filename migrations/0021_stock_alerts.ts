import { sql, type Kysely } from 'kysely';

/**
 * Back-in-stock and price-drop alerts (docs/stock-alerts.md): a shopper waits for one item (a
 * colour and a size, or the colour alone when the product has no sizes), by e-mail.
 * - An alert names its item by (variant, size), as baskets and orders do, so that items made again
 *   by a product save keep their waiting shoppers; it goes with its variant or size.
 * - `kind`: `restock` (the item's stock goes from 0 to more) or `price` (the colour's price goes
 *   below `seen_price`, kopecks). Each alert sends one letter, then is done (`notified_at`).
 * - A guest's alert waits for its confirmation link (`confirm_token_hash`, SHA-256 of the link's
 *   token); a signed-in shopper's is confirmed at once. `mail_id` (192 random bits) is the
 *   unsubscribe link of its letters.
 * - One waiting alert per address, item and kind: asking again refreshes it instead of adding one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stock_alerts (
      id integer generated always as identity primary key,
      variant_id integer not null references product_variants (id) on delete cascade,
      size_id integer references sizes (id) on delete cascade,
      kind text not null check (kind in ('restock', 'price')),
      email text not null,
      user_id integer references users (id) on delete cascade,
      seen_price bigint check (seen_price > 0),
      mail_id text not null unique,
      confirm_token_hash text,
      confirmed_at timestamptz,
      notified_at timestamptz,
      created_at timestamptz not null default now(),
      check ((kind = 'price') = (seen_price is not null))
    )`.execute(db);
  await sql`create unique index stock_alerts_waiting_key on stock_alerts (email, variant_id, size_id, kind) nulls not distinct where notified_at is null`.execute(db);
  // What the stock and price writers look for, in their transactions: confirmed alerts still waiting.
  await sql`create index stock_alerts_due_idx on stock_alerts (variant_id, size_id) where notified_at is null and confirmed_at is not null`.execute(db);
  await sql`create index stock_alerts_token_idx on stock_alerts (confirm_token_hash) where confirm_token_hash is not null`.execute(db);
  await sql`create index stock_alerts_email_idx on stock_alerts (email)`.execute(db);
  await sql`create index stock_alerts_user_idx on stock_alerts (user_id) where user_id is not null`.execute(db);
  await sql`create index stock_alerts_size_idx on stock_alerts (size_id) where size_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_alerts').execute();
}
