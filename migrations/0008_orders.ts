import { sql, type Kysely } from 'kysely';

/**
 * Orders: baskets and wishlists (random UUIDs kept by browsers), addresses, checkouts
 * with a snapshot of their lines and a history of status changes. Money is integer kopecks.
 *
 * Basket lines name a variant and a size without a foreign key: a line whose variant or size was
 * deleted stays in the basket and is shown as gone (never silently dropped), and a basket never
 * stops the catalogue from deleting a variant. Order lines are a snapshot and name nothing live.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('baskets')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('Active').check(sql`status in ('Active', 'Ordered')`))
    // The server-computed total at the last change (kopecks), for the admin list's filters; a
    // basket's answer always recomputes it from current prices.
    .addColumn('total_amount', 'integer', (col) => col.notNull().defaultTo(0).check(sql`total_amount >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // A user has one active basket: an anonymous one is merged into it at sign-in.
  await sql`create unique index baskets_user_active_key on baskets (user_id) where status = 'Active' and user_id is not null`.execute(db);
  await db.schema.createIndex('baskets_updated_idx').on('baskets').columns(['updated_at', 'id']).execute();

  await db.schema
    .createTable('basket_lines')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('basket_id', 'uuid', (col) => col.notNull().references('baskets.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (col) => col.notNull())
    .addColumn('size_id', 'integer')
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity between 1 and 999`))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`create unique index basket_lines_item_key on basket_lines (basket_id, variant_id, coalesce(size_id, 0))`.execute(db);

  await db.schema
    .createTable('wishlists')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('wishlists_user_idx').on('wishlists').column('user_id').execute();

  await db.schema
    .createTable('wishlist_products')
    .addColumn('wishlist_id', 'uuid', (col) => col.notNull().references('wishlists.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wishlist_products_pkey', ['wishlist_id', 'product_id'])
    .execute();
  await db.schema.createIndex('wishlist_products_product_idx').on('wishlist_products').column('product_id').execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // Null for an address given by a shopper without an account (POST /addresses/direct).
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('zip_code', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('checkouts')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('New').check(sql`status in ('New', 'InDelivery', 'Completed', 'Canceled')`))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('basket_id', 'uuid', (col) => col.references('baskets.id').onDelete('set null'))
    .addColumn('address_id', 'integer', (col) => col.references('addresses.id').onDelete('set null'))
    .addColumn('one_click', 'boolean', (col) => col.notNull().defaultTo(false))
    // Contact and delivery as given at the checkout (a snapshot: editing the address later does
    // not move a placed order).
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('zip_code', 'text', (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('total_amount', 'integer', (col) => col.notNull().check(sql`total_amount >= 0`))
    .addColumn('total_quantity', 'integer', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('checkouts_user_idx').on('checkouts').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('checkouts_created_idx').on('checkouts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('checkouts_status_idx').on('checkouts').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('checkouts_basket_idx').on('checkouts').column('basket_id').execute();
  await db.schema.createIndex('checkouts_address_idx').on('checkouts').column('address_id').execute();

  await db.schema
    .createTable('checkout_lines')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('checkout_id', 'integer', (col) => col.notNull().references('checkouts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('variant_id', 'integer', (col) => col.notNull())
    .addColumn('size_id', 'integer')
    .addColumn('product_name', 'text', (col) => col.notNull())
    .addColumn('product_url', 'text', (col) => col.notNull())
    .addColumn('article', 'text', (col) => col.notNull())
    .addColumn('color_name', 'text')
    .addColumn('size_name', 'text')
    .addColumn('image', 'text')
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
    .addColumn('unit_price', 'integer', (col) => col.notNull().check(sql`unit_price >= 0`))
    .execute();
  await db.schema.createIndex('checkout_lines_checkout_idx').on('checkout_lines').columns(['checkout_id', 'position']).execute();

  await db.schema
    .createTable('checkout_status_history')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('checkout_id', 'integer', (col) => col.notNull().references('checkouts.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('changed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('checkout_status_history_checkout_idx').on('checkout_status_history').columns(['checkout_id', 'id']).execute();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
