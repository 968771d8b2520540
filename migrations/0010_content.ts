import { sql, type Kysely } from 'kysely';

/**
 * The shop's front window and outreach: slides of the home banner, advertisements, news posts
 * (a sanitised HTML body), mailing-list subscribers (double opt-in), callback requests, and QR
 * records of genuine goods. Images are referenced by name (as products and brands do); the
 * image in-use rule finds them through services/media/usage.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('slides')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('link', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('slides_position_idx').on('slides').columns(['position', 'id']).execute();

  await db.schema
    .createTable('advertisements')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // There is no call that creates one (the API has none): the shop starts with its promo strip.
  await sql`insert into advertisements (title, description) values
    ('Доставка по всей России', 'Бесплатная доставка при заказе от 5000 ₽ и примерка перед покупкой.')`.execute(db);

  await db.schema
    .createTable('news')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull().unique())
    .addColumn('excerpt', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('body', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('show_on_main', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('news_created_at_idx').on('news').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    // 192 random bits: the unsubscribe link of every letter; nobody can guess another's.
    .addColumn('mail_id', 'text', (col) => col.notNull().unique())
    // SHA-256 of the confirmation link's token, until the address is confirmed.
    .addColumn('confirm_token_hash', 'text', (col) => col.unique())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('callback_requests')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('scanners')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('qr_code', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tags', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('check_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_checked_at', 'timestamptz')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index scanners_tags_idx on scanners using gin (tags)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
