import { sql, type Kysely } from 'kysely';

/**
 * `search_version` also counts changes of what a name search matches and how it ranks: products
 * added, deleted, or renamed (`products.search` is made from the name alone). A server keeps the
 * ranked matches of recent plain searches with the version they were found at
 * (services/catalogue/search/read-query.ts) and checks it in the statement that reads the page. An
 * update that leaves the name as it was (stock, prices, rating: every checkout and review) does
 * not fire the trigger at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger products_search_version after insert or delete or truncate on products
    for each statement execute function search_bump_version()`.execute(db);
  await sql`create trigger products_rename_search_version after update of name on products
    for each row when (old.name is distinct from new.name) execute function search_bump_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger products_rename_search_version on products`.execute(db);
  await sql`drop trigger products_search_version on products`.execute(db);
}
