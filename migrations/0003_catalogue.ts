import { sql, type Kysely } from 'kysely';

/**
 * Categories, colours, brands, products with variants, and their search indexes. Everything a
 * product refers to is kept with ON DELETE RESTRICT, so deleting a used category, colour, brand,
 * tag or size is refused (SPEC.md section 5). Prices are integer kopecks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('desc', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('url', 'text', (col) => col.notNull().unique())
    .addColumn('parent_id', 'integer', (col) => col.references('categories.id').onDelete('restrict'))
    .addColumn('parameters', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('categories_parent_idx').on('categories').column('parent_id').execute();

  await db.schema
    .createTable('colors')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull().unique())
    .addColumn('code', 'text', (col) => col.notNull().check(sql`code ~ '^#[0-9a-f]{6}$'`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('brands')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull().unique())
    .addColumn('image', 'text')
    .addColumn('show_on_main', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull().unique())
    .addColumn('desc', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('availability', 'boolean', (col) => col.notNull().defaultTo(true))
    // Denormalised from the variants on every write: the cheapest in-stock variant (the cheapest
    // overall when none is in stock), so listing, filtering and sorting by price need no join.
    .addColumn('price', 'integer', (col) => col.notNull().defaultTo(0).check(sql`price >= 0`))
    .addColumn('old_price', 'integer')
    .addColumn('in_stock', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('image', 'text')
    .addColumn('rating', 'real', (col) => col.notNull().defaultTo(0))
    .addColumn('parameters', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('extra', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('search', sql`tsvector`, (col) => col.generatedAlwaysAs(sql`to_tsvector('russian', name)`).stored())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('products_price_idx').on('products').columns(['price', 'id']).execute();
  await db.schema.createIndex('products_created_idx').on('products').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('products_search_idx').on('products').using('gin').column('search').execute();
  await sql`create index products_name_trgm_idx on products using gin (lower(name) gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('article', 'text', (col) => col.notNull().unique())
    .addColumn('color_id', 'integer', (col) => col.references('colors.id').onDelete('restrict'))
    .addColumn('price', 'integer', (col) => col.notNull().check(sql`price >= 0`))
    .addColumn('old_price', 'integer')
    .addColumn('stock', 'integer', (col) => col.notNull().defaultTo(0).check(sql`stock >= 0`))
    .addColumn('images', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('product_variants_product_idx').on('product_variants').column('product_id').execute();
  await db.schema.createIndex('product_variants_color_idx').on('product_variants').columns(['color_id', 'product_id']).execute();

  // Links from a product to what it is filed under; the second index serves "products of X".
  const links = [
    ['product_categories', 'category_id', 'categories'],
    ['product_brands', 'brand_id', 'brands'],
    ['product_tags', 'tag_id', 'tags'],
    ['product_sizes', 'size_id', 'sizes'],
  ] as const;
  for (const [table, column, target] of links) {
    await db.schema
      .createTable(table)
      .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
      .addColumn(column, 'integer', (col) => col.notNull().references(`${target}.id`).onDelete('restrict'))
      .addPrimaryKeyConstraint(`${table}_pkey`, ['product_id', column])
      .execute();
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).columns([column, 'product_id']).execute();
  }
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
