import { sql, type Kysely } from 'kysely';

/**
 * Stock per size (docs/catalogue.md, "Items"): every colour variant has one item per size of its
 * product (one item without a size when the product has none), each with its own stock, article
 * and optional EAN-13 barcode. The variant's `stock` stays as the sum of its items, kept by the
 * writers in the same transaction, so "this colour is in stock" reads one row.
 *
 * `variant_items_fill(products)` brings the items of the given products (all when null) in line
 * with their variants and sizes, and is the one place that rule is written:
 * - items whose size the product no longer has go (and the no-size item once the product has sizes);
 * - a variant without items gets them with its current stock split evenly across its sizes, the
 *   remainder going to the first sizes (this is how existing stock was moved: per-colour stock was
 *   all the shop knew, and a split never sells more than there was);
 * - a variant with items gets the missing sizes with stock 0;
 * - a sized item's article defaults to the colour's article, «/» and the size; a no-size item's
 *   article is the colour's;
 * - the variant's stock becomes the sum of its items.
 * Baskets and orders already name a variant and a size, so they keep pointing at what they did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table variant_items (
      id integer generated always as identity primary key,
      variant_id integer not null references product_variants (id) on delete cascade,
      size_id integer references sizes (id) on delete no action,
      article text not null,
      barcode text check (barcode ~ '^[0-9]{13}$'),
      stock integer not null default 0 check (stock >= 0),
      constraint variant_items_variant_size_key unique nulls not distinct (variant_id, size_id),
      constraint variant_items_article_key unique (article) deferrable initially immediate,
      constraint variant_items_barcode_key unique (barcode) deferrable initially immediate
    )`.execute(db);
  // "Size 42 in stock" for the catalogue's size filter, and the items of a size for its delete.
  await sql`create index variant_items_size_idx on variant_items (size_id, variant_id) where stock > 0`.execute(db);
  await sql`create index variant_items_size_all_idx on variant_items (size_id)`.execute(db);

  await sql`
    create function variant_items_fill(only_products int[]) returns void language plpgsql as $$
    begin
      delete from variant_items i using product_variants v
      where v.id = i.variant_id and (only_products is null or v.product_id = any(only_products))
        and case when i.size_id is null
          then exists (select 1 from product_sizes ps where ps.product_id = v.product_id)
          else not exists (select 1 from product_sizes ps where ps.product_id = v.product_id and ps.size_id = i.size_id) end;

      update variant_items i set article = v.article from product_variants v
      where v.id = i.variant_id and i.size_id is null and i.article <> v.article
        and (only_products is null or v.product_id = any(only_products));

      insert into variant_items (variant_id, size_id, article, stock)
      select v.id, s.size_id, case when s.size_id is null then v.article else v.article || '/' || s.name end,
        case when not exists (select 1 from variant_items o where o.variant_id = v.id)
          then v.stock / s.n + (case when s.rank <= v.stock % s.n then 1 else 0 end) else 0 end
      from product_variants v
      cross join lateral (
        select ps.size_id, z.name, count(*) over () as n, row_number() over (order by ps.size_id) as rank
        from product_sizes ps join sizes z on z.id = ps.size_id where ps.product_id = v.product_id
        union all
        select null, null, 1, 1 where not exists (select 1 from product_sizes ps where ps.product_id = v.product_id)
      ) s
      where (only_products is null or v.product_id = any(only_products))
        and not exists (select 1 from variant_items i where i.variant_id = v.id and i.size_id is not distinct from s.size_id)
      order by v.id, s.rank;

      update product_variants v set stock = coalesce((select sum(i.stock) from variant_items i where i.variant_id = v.id), 0)
      where (only_products is null or v.product_id = any(only_products));
    end $$`.execute(db);

  await sql`select variant_items_fill(null)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
