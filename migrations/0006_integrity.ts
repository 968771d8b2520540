import { sql, type Kysely } from 'kysely';

/** Tables whose rows the back office edits: each row carries the version an edit must name. */
const editedTables = ['users', 'categories', 'colors', 'brands', 'tags', 'sizes', 'products'];

/**
 * Integrity: versions for optimistic concurrency, e-mail links bound to the address
 * they were sent to, articles that can be swapped without a placeholder, and an outbox that
 * delivers and forgets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of editedTables) {
    await db.schema.alterTable(table).addColumn('version', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  }

  // A link acts only while the account still has the address it was sent to.
  await db.schema.alterTable('account_tokens').addColumn('email', 'text').execute();
  await sql`update account_tokens t set email = u.email from users u where u.id = t.user_id`.execute(db);
  await sql`alter table account_tokens alter column email set not null`.execute(db);
  await db.schema.createIndex('account_tokens_expires_idx').on('account_tokens').column('expires_at').execute();

  // Unique articles, checked at the end of a transaction that asks for it: two variants of one
  // product may swap their articles in one save without a temporary value in between.
  await sql`alter table product_variants drop constraint product_variants_article_key`.execute(db);
  await sql`alter table product_variants add constraint product_variants_article_key unique (article) deferrable initially immediate`.execute(db);

  // Letters are written here first and delivered from here: a letter not yet sent when the
  // process stops goes out after the next start; a delivered one keeps no text (no usable link).
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('kept').check(sql`status in ('kept', 'pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_pending_idx').on('mail_outbox').column('next_attempt_at').where(sql.ref('status'), '=', 'pending').execute();
  await db.schema.createIndex('mail_outbox_created_idx').on('mail_outbox').column('created_at').execute();

  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('help_messages_created_idx').on('help_messages').column('created_at').execute();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
