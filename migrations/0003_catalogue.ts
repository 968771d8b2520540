import { sql, type Kysely } from 'kysely';

/**
 * Categories, colours, brands, products with variants, and their search indexes. Everything a
 * product refers to is kept with a foreign key that refuses the delete (ON DELETE NO ACTION), so
 * deleting a used category, colour, brand, tag or size is refused (docs/catalogue.md) with error
 * 23503, which db/errors.ts turns into the shop's Russian refusal. (RESTRICT would refuse the same way but
 * raises 23001.) Prices are integer kopecks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // In public: an extension exists once per database, and every schema (tests run one each) sees
  // public through its search_path.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('desc', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('url', 'text', (col) => col.notNull().unique())
    .addColumn('parent_id', 'integer', (col) => col.references('categories.id').onDelete('no action'))
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
    // «ё» is searched as «е»: shoppers rarely type it.
    .addColumn('search', sql`tsvector`, (col) =>
      col.generatedAlwaysAs(sql`to_tsvector('russian', translate(name, 'ёЁ', 'еЕ'))`).stored(),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One index per sort column, each ending in id (the tie-breaker), so a page and a deep offset
  // walk an index instead of sorting the table.
  await db.schema.createIndex('products_price_idx').on('products').columns(['price', 'id']).execute();
  await db.schema.createIndex('products_created_idx').on('products').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('products_name_idx').on('products').columns(['name', 'id']).execute();
  await db.schema.createIndex('products_rating_idx').on('products').columns(['rating', 'id']).execute();
  await db.schema.createIndex('products_search_idx').on('products').using('gin').column('search').execute();

  // The words of all product names, for typo correction: a mistyped word is matched by trigram
  // similarity against this small table (thousands of rows) rather than against every name, then
  // searched through the full-text index. Kept by the trigger below; a word whose products are
  // gone stays and just matches nothing.
  await sql`create table search_words (word text collate "C" primary key)`.execute(db);
  await sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`.execute(db);
  // The exact number of products, for the unfiltered list's total without count(*) over the table.
  await sql`create table product_count (id boolean primary key default true check (id), total bigint not null)`.execute(db);
  await sql`insert into product_count (total) values (0)`.execute(db);
  await sql`
    create function products_track_insert() returns trigger language plpgsql as $$
    begin
      update product_count set total = total + (select count(*) from new_rows);
      insert into search_words (word)
        select distinct w from new_rows, regexp_split_to_table(lower(translate(new_rows.name, 'ёЁ', 'еЕ')), '[^[:alnum:]]+') as w
        where length(w) >= 2
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create function products_track_update() returns trigger language plpgsql as $$
    begin
      insert into search_words (word)
        select distinct w from new_rows join old_rows using (id), regexp_split_to_table(lower(translate(new_rows.name, 'ёЁ', 'еЕ')), '[^[:alnum:]]+') as w
        where length(w) >= 2 and new_rows.name is distinct from old_rows.name
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create function products_track_delete() returns trigger language plpgsql as $$
    begin
      update product_count set total = total - (select count(*) from old_rows);
      return null;
    end $$`.execute(db);
  await sql`
    create function products_track_truncate() returns trigger language plpgsql as $$
    begin
      update product_count set total = 0;
      return null;
    end $$`.execute(db);
  await sql`create trigger products_count_insert after insert on products referencing new table as new_rows
    for each statement execute function products_track_insert()`.execute(db);
  await sql`create trigger products_words_update after update on products referencing new table as new_rows old table as old_rows
    for each statement execute function products_track_update()`.execute(db);
  await sql`create trigger products_count_delete after delete on products referencing old table as old_rows
    for each statement execute function products_track_delete()`.execute(db);
  await sql`create trigger products_count_truncate after truncate on products
    for each statement execute function products_track_truncate()`.execute(db);

  // A counter bumped by every change to categories: a server may keep the (small) tree in memory
  // and check, in the same statement that used it, that it was still current.
  await sql`create table category_tree_version (id boolean primary key default true check (id), version bigint not null)`.execute(db);
  await sql`insert into category_tree_version (version) values (0)`.execute(db);
  await sql`
    create function categories_bump_version() returns trigger language plpgsql as $$
    begin
      update category_tree_version set version = version + 1;
      return null;
    end $$`.execute(db);
  await sql`create trigger categories_version after insert or update or delete or truncate on categories
    for each statement execute function categories_bump_version()`.execute(db);

  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('article', 'text', (col) => col.notNull().unique())
    .addColumn('color_id', 'integer', (col) => col.references('colors.id').onDelete('no action'))
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
      .addColumn(column, 'integer', (col) => col.notNull().references(`${target}.id`).onDelete('no action'))
      .addPrimaryKeyConstraint(`${table}_pkey`, ['product_id', column])
      .execute();
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).columns([column, 'product_id']).execute();
  }
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
