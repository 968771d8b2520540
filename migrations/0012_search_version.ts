import { sql, type Kysely } from 'kysely';

/**
 * A counter of what name search reads besides the products (docs/search.md): the catalogue's
 * words (`search_words`, which only grow) and the names, synonyms and stems of colours, brands and
 * categories. A server keeps the readings of recent queries in memory and checks this counter in
 * the same statement that used one (services/catalogue/listing/caches.ts), as the category tree
 * does with `category_tree_version`. New words bump it only when a row is really added, so the
 * name-preserving product updates of every checkout never touch it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_version (id boolean primary key default true check (id), version bigint not null)`.execute(db);
  await sql`insert into search_version (version) values (0)`.execute(db);
  await sql`
    create function search_bump_version() returns trigger language plpgsql as $$
    begin
      update search_version set version = version + 1;
      return null;
    end $$`.execute(db);
  await sql`
    create function search_words_bump_version() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from added_words) then
        update search_version set version = version + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_words_version after insert on search_words
    referencing new table as added_words for each statement execute function search_words_bump_version()`.execute(db);
  for (const table of ['colors', 'brands', 'categories']) {
    await sql`create trigger ${sql.raw(`${table}_search_version`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function search_bump_version()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['colors', 'brands', 'categories']) {
    await sql`drop trigger ${sql.raw(`${table}_search_version`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop trigger search_words_version on search_words`.execute(db);
  await sql`drop function search_words_bump_version()`.execute(db);
  await sql`drop function search_bump_version()`.execute(db);
  await sql`drop table search_version`.execute(db);
}
