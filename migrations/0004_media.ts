import { sql, type Kysely } from 'kysely';

/**
 * Uploaded images: the originals' metadata, their encoded widths, and — for the default database
 * image store — the bytes, so that every instance of the server sees the same files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('images_created_at_idx').on('images').column('created_at').execute();

  await db.schema
    .createTable('image_variants')
    .addColumn('image_name', 'text', (col) => col.notNull().references('images.name').onDelete('cascade'))
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('etag', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('image_variants_pkey', ['image_name', 'width'])
    .execute();

  await db.schema
    .createTable('image_blobs')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .execute();
  // WebP does not compress further: store it out of line without trying.
  await sql`alter table image_blobs alter column bytes set storage external`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
