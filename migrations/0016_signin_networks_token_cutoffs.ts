import { sql, type Kysely } from 'kysely';

/**
 * - `signin_networks`: the client networks (an IPv4 address, an IPv6 /64) from which each account
 *   has signed in, with when it last did. While strangers have used up an account's hourly budget
 *   of failed sign-ins, the owner still signs in from these. Rows unseen for 90 days are purged.
 * - `token_cutoffs`: per user, the moment before which every access token it holds stops working
 *   (a password reset or change, a new role, the account deleted). No foreign key: the cut-off of
 *   a deleted user must outlive the user. `recorded_at` is the database's clock when the row was
 *   written, the column every instance polls; rows older than an access token's life are purged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signin_networks')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('network', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('signin_networks_pkey', ['user_id', 'network'])
    .execute();
  await db.schema.createIndex('signin_networks_last_seen_idx').on('signin_networks').column('last_seen_at').execute();

  await db.schema
    .createTable('token_cutoffs')
    .addColumn('user_id', 'integer', (col) => col.primaryKey())
    .addColumn('cutoff_at', 'timestamptz', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema.createIndex('token_cutoffs_recorded_idx').on('token_cutoffs').column('recorded_at').execute();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
