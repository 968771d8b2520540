import { sql, type Kysely } from 'kysely';

/**
 * Search as Russians type (docs/search.md). `search_words` gains each word's stem (the lexeme the
 * `russian` configuration gives it, as in `products.search`) and its skeleton: a spelling-blind
 * Latin form shared by a Russian word and the ways people write it in Latin letters («пальто»,
 * «palto», «paljto», «pal'to» are all `palto`). Brands get synonyms («найк» for Nike). The name's
 * head noun (its first word, or two when the first is an adjective) is weighted A, the rest B.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function search_stem(w text) returns text language sql immutable parallel safe as $$
      select lexeme from unnest(to_tsvector('russian'::regconfig, w)) order by lexeme limit 1
    $$`.execute(db);
  // Cyrillic to one Latin spelling, then the variants folded: щ/shch/sch and ш/sh → S, ж/zh/ji → Z,
  // ч/ch → C, х/kh/h/x → H, ц/ts/tz → c (a Latin c is c before e, i, y, else k), yo/jo/ye/je → e,
  // w → v, q → k; then y, j, i and soft signs dropped and doubled letters single.
  await sql`
    create function search_skeleton(w text) returns text language plpgsql immutable parallel safe as $$
    declare s text := lower(translate(w, 'ёЁ', 'еЕ'));
    begin
      s := replace(replace(replace(replace(replace(replace(replace(replace(s,
        'щ', 'shch'), 'ж', 'zh'), 'х', 'kh'), 'ц', 'ts'), 'ч', 'ch'), 'ш', 'sh'), 'ю', 'yu'), 'я', 'ya');
      s := translate(s, 'абвгдезийклмнопрстуфыэьъ', 'abvgdeziyklmnoprstufye');
      s := regexp_replace(s, '[^a-z]', '', 'g');
      s := regexp_replace(s, 'shch|sch', 'S', 'g');
      s := replace(replace(replace(replace(s, 'sh', 'S'), 'zh', 'Z'), 'ch', 'C'), 'kh', 'H');
      s := replace(s, 'ji', 'Zi');
      s := translate(s, 'hx', 'HH');
      s := regexp_replace(s, '(y|j)(o|e)', 'e', 'g');
      s := regexp_replace(s, 'c([eiy])', 'T\\1', 'g');
      s := replace(s, 'c', 'k');
      s := regexp_replace(s, 'ts|tz', 'T', 'g');
      s := translate(s, 'Twq', 'cvk');
      s := regexp_replace(s, '[yji]', '', 'g');
      return regexp_replace(s, '(.)\\1+', '\\1', 'g');
    end $$`.execute(db);

  await sql`alter table search_words add column stem text, add column skeleton text collate "C"`.execute(db);
  await sql`update search_words set stem = search_stem(word), skeleton = search_skeleton(word)`.execute(db);
  await sql`create index search_words_stem_idx on search_words (stem)`.execute(db);
  await sql`create index search_words_skeleton_idx on search_words (skeleton)`.execute(db);
  await sql`
    create or replace function products_track_insert() returns trigger language plpgsql as $$
    begin
      update product_count set total = total + (select count(*) from new_rows);
      insert into search_words (word, stem, skeleton)
        select w, search_stem(w), search_skeleton(w) from (
          select distinct w from new_rows, regexp_split_to_table(lower(translate(new_rows.name, 'ёЁ', 'еЕ')), '[^[:alnum:]]+') as w
          where length(w) >= 2) words
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function products_track_update() returns trigger language plpgsql as $$
    begin
      insert into search_words (word, stem, skeleton)
        select w, search_stem(w), search_skeleton(w) from (
          select distinct w from new_rows join old_rows using (id), regexp_split_to_table(lower(translate(new_rows.name, 'ёЁ', 'еЕ')), '[^[:alnum:]]+') as w
          where length(w) >= 2 and new_rows.name is distinct from old_rows.name) words
        on conflict do nothing;
      return null;
    end $$`.execute(db);

  // The lexemes of a name's words of three letters or more: colours and categories named in a
  // query («белые», «обувь») are matched by these.
  await sql`
    create function search_stems(name text) returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct search_stem(x)) filter (where search_stem(x) is not null), '{}')
      from regexp_split_to_table(lower(translate(name, 'ёЁ', 'еЕ')), '[^[:alnum:]]+') as x where length(x) >= 3
    $$`.execute(db);
  await sql`
    create function search_skeletons(name text) returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct search_skeleton(x)), '{}')
      from regexp_split_to_table(lower(translate(name, 'ёЁ', 'еЕ')), '[^[:alnum:]]+') as x where length(x) >= 3
    $$`.execute(db);
  for (const table of ['colors', 'categories']) {
    await sql`alter table ${sql.table(table)}
      add column search_stems text[] generated always as (search_stems(name)) stored,
      add column skeletons text[] generated always as (search_skeletons(name)) stored`.execute(db);
  }
  await sql`alter table brands add column synonyms text[] not null default '{}',
    add column skeleton text generated always as (search_skeleton(name)) stored`.execute(db);

  // The head noun: the first word, or the first two when the first looks like an adjective
  // («Мягкая игрушка»). Weighted A; the rest of the name B.
  await sql`drop index products_search_idx`.execute(db);
  await sql`alter table products drop column search`.execute(db);
  await sql`
    alter table products add column search tsvector generated always as (
      setweight(to_tsvector('russian', coalesce(substring(translate(name, 'ёЁ', 'еЕ') from '^\\s*(\\S+(?:ая|яя|ый|ий|ой|ое|ее|ые|ие)\\s+\\S+|\\S+)'), '')), 'A')
      || setweight(to_tsvector('russian', coalesce(substring(translate(name, 'ёЁ', 'еЕ') from '^\\s*(?:\\S+(?:ая|яя|ый|ий|ой|ое|ее|ые|ие)\\s+\\S+|\\S+)(.*)$'), '')), 'B')
    ) stored`.execute(db);
  await sql`create index products_search_idx on products using gin (search)`.execute(db);
  // priceRange walks the variants in price order (the variant rule, docs/catalogue.md).
  await sql`create index product_variants_price_idx on product_variants (price, id)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are forward-only'));
}
