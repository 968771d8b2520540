import { sql, type Kysely } from 'kysely';

/** E-mail tokens, the mail outbox and help-desk messages. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Single-use links sent by e-mail: confirming an address (24 h) and resetting a password (1 h).
  // Only the SHA-256 of a token is stored, like refresh tokens.
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('confirm', 'reset')`))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();

  // Without SMTP_URL every letter lands here (and in the log), so a developer or a test can
  // follow the link it carries.
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('mail_outbox_recipient_idx').on('mail_outbox').column('recipient').execute();

  await db.schema
    .createTable('help_messages')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
