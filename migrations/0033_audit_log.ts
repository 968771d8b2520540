import { sql, type Kysely } from 'kysely';

/**
 * The audit log of admin actions (docs/audit-log.md): one row per change an Admin made through
 * the API — who, when, which call (its tRPC path, REST method and path, Russian summary), the
 * record it touched and what was sent (secrets taken out, at most 8 KB).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('user_email', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('rest', 'text')
    .addColumn('summary', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('entity_id', 'text')
    .addColumn('input', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('network', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at desc', 'id desc']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'created_at desc']).execute();
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
