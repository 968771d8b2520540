import { sql, type Kysely } from 'kysely';

/**
 * Orders for staff (docs/orders-staff.md): internal notes on an order, a general history of every
 * change (`checkout_events`: status, lines, address, delivery, payment, note — before and after as
 * JSON, who, when) and a `version` on checkouts for the admin's edits (optimistic concurrency).
 * Existing orders get one `status` event per row of their status history, so their timeline starts
 * complete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checkout_notes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('checkout_id', 'integer', (col) => col.notNull().references('checkouts.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('checkout_notes_checkout_idx').on('checkout_notes').columns(['checkout_id', 'id']).execute();

  await db.schema
    .createTable('checkout_events')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('checkout_id', 'integer', (col) => col.notNull().references('checkouts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('status', 'lines', 'address', 'delivery', 'payment', 'note')`))
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('changed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('checkout_events_checkout_idx').on('checkout_events').columns(['checkout_id', 'id']).execute();

  await db.schema.alterTable('checkouts').addColumn('version', 'integer', (col) => col.notNull().defaultTo(1)).execute();

  await sql`
    insert into checkout_events (checkout_id, kind, before, after, changed_by, created_at)
    select checkout_id, 'status',
      case when from_status is null then null else jsonb_build_object('status', from_status) end,
      jsonb_build_object('status', to_status), changed_by, created_at
    from checkout_status_history order by id`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
