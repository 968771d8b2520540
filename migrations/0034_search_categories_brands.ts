import { sql, type Kysely } from 'kysely';

/**
 * Categories and brands count in name search (docs/search.md). Each product keeps
 * `search_meta`: the words of its categories' names (with every ancestor's), its brands' names and
 * synonyms, weighted D, and `products.search` becomes the name (A and B, as before) followed by
 * them, so a word naming a category or a brand matches through the same word index and a name
 * match ranks above a category-only one. Statement-level triggers keep `search_meta` when links,
 * category names or parents, brand names or synonyms change, and bump `search_version` (the kept
 * rankings depend on it). The words of category and brand names and brand synonyms join
 * `search_words`, so they are read in another layout, transliterated and corrected like name words.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function product_search_meta(pid integer) returns tsvector language sql stable parallel safe as $$
      select setweight(to_tsvector('russian'::regconfig, translate(coalesce(string_agg(x.t, ' '), ''), 'ёЁ', 'еЕ')), 'D') from (
        select up.name as t from product_categories pc
          cross join lateral (
            with recursive up(id, parent_id, name) as (
              select k.id, k.parent_id, k.name from categories k where k.id = pc.category_id
              union
              select k.id, k.parent_id, k.name from categories k join up on k.id = up.parent_id)
            select name from up) up
          where pc.product_id = pid
        union all
        select b.name || ' ' || array_to_string(b.synonyms, ' ') from product_brands pb join brands b on b.id = pb.brand_id
          where pb.product_id = pid
      ) x
    $$`.execute(db);
  await sql`
    create function search_words_of(t text) returns setof text language sql immutable parallel safe as $$
      select distinct w from regexp_split_to_table(lower(translate(t, 'ёЁ', 'еЕ')), '[^[:alnum:]]+') as w where length(w) >= 2
    $$`.execute(db);

  await sql`alter table products add column search_meta tsvector not null default ''`.execute(db);
  await sql`update products set search_meta = product_search_meta(id)`.execute(db);
  await sql`drop index products_search_idx`.execute(db);
  await sql`alter table products drop column search`.execute(db);
  await sql`
    alter table products add column search tsvector generated always as (
      setweight(to_tsvector('russian', coalesce(substring(translate(name, 'ёЁ', 'еЕ') from '^\\s*(\\S+(?:ая|яя|ый|ий|ой|ое|ее|ые|ие)\\s+\\S+|\\S+)'), '')), 'A')
      || setweight(to_tsvector('russian', coalesce(substring(translate(name, 'ёЁ', 'еЕ') from '^\\s*(?:\\S+(?:ая|яя|ый|ий|ой|ое|ее|ые|ие)\\s+\\S+|\\S+)(.*)$'), '')), 'B')
      || search_meta
    ) stored`.execute(db);
  await sql`create index products_search_idx on products using gin (search)`.execute(db);

  // Links: the products whose links changed are read again; when a product's words really
  // change, the version moves (the kept rankings depend on them).
  await sql`
    create function product_links_search_meta() returns trigger language plpgsql as $$
    declare changed boolean := false;
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        update products p set search_meta = m.meta
          from (select n.product_id as id, product_search_meta(n.product_id) as meta from (select distinct product_id from new_rows) n) m
          where p.id = m.id and p.search_meta is distinct from m.meta;
        changed := found;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update products p set search_meta = m.meta
          from (select o.product_id as id, product_search_meta(o.product_id) as meta from (select distinct product_id from old_rows) o) m
          where p.id = m.id and p.search_meta is distinct from m.meta;
        changed := changed or found;
      end if;
      if changed then
        update search_version set version = version + 1;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ['product_categories', 'product_brands']) {
    const name = (event: string) => sql.raw(`${table}_search_meta_${event}`);
    await sql`create trigger ${name('insert')} after insert on ${sql.table(table)} referencing new table as new_rows
      for each statement execute function product_links_search_meta()`.execute(db);
    await sql`create trigger ${name('update')} after update on ${sql.table(table)} referencing new table as new_rows old table as old_rows
      for each statement execute function product_links_search_meta()`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${sql.table(table)} referencing old table as old_rows
      for each statement execute function product_links_search_meta()`.execute(db);
  }

  // A category renamed or moved: the products under it (and its descendants) are read again.
  await sql`
    create function categories_search_meta() returns trigger language plpgsql as $$
    begin
      insert into search_words (word, stem, skeleton)
        select w, search_stem(w), search_skeleton(w) from (select distinct w from new_rows, search_words_of(new_rows.name) as w) words
        on conflict do nothing;
      if tg_op = 'UPDATE' then
        update products p set search_meta = product_search_meta(p.id) where p.id in (
          with recursive changed(id) as (
            select n.id from new_rows n join old_rows o using (id) where n.name is distinct from o.name or n.parent_id is distinct from o.parent_id
            union
            select k.id from categories k join changed on k.parent_id = changed.id)
          select pc.product_id from product_categories pc where pc.category_id in (select id from changed));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger categories_search_meta_insert after insert on categories referencing new table as new_rows
    for each statement execute function categories_search_meta()`.execute(db);
  await sql`create trigger categories_search_meta_update after update on categories referencing new table as new_rows old table as old_rows
    for each statement execute function categories_search_meta()`.execute(db);

  // A brand renamed or given other synonyms: its products are read again.
  await sql`
    create function brands_search_meta() returns trigger language plpgsql as $$
    begin
      insert into search_words (word, stem, skeleton)
        select w, search_stem(w), search_skeleton(w) from (
          select distinct w from new_rows, search_words_of(new_rows.name || ' ' || array_to_string(new_rows.synonyms, ' ')) as w) words
        on conflict do nothing;
      if tg_op = 'UPDATE' then
        update products p set search_meta = product_search_meta(p.id) where p.id in (
          select pb.product_id from product_brands pb join new_rows n on n.id = pb.brand_id join old_rows o on o.id = n.id
          where n.name is distinct from o.name or n.synonyms is distinct from o.synonyms);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger brands_search_meta_insert after insert on brands referencing new table as new_rows
    for each statement execute function brands_search_meta()`.execute(db);
  await sql`create trigger brands_search_meta_update after update on brands referencing new table as new_rows old table as old_rows
    for each statement execute function brands_search_meta()`.execute(db);

  await sql`
    insert into search_words (word, stem, skeleton)
      select w, search_stem(w), search_skeleton(w) from (
        select distinct w from (
          select name as t from categories union all select name || ' ' || array_to_string(synonyms, ' ') from brands) x,
          search_words_of(x.t) as w) words
      on conflict do nothing`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
