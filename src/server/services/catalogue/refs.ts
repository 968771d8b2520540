import { sql, type RawBuilder } from 'kysely';

/**
 * List filters name a category, colour, brand, tag or size by id or by url. A value of digits
 * only is an id, unless a row has exactly that url (sizes are called «42»); anything else is a
 * url (docs/catalogue.md).
 */
export function splitRefs(refs: readonly string[]): { ids: number[]; urls: string[] } {
  const ids: number[] = [];
  const urls: string[] = [];
  for (const ref of refs) {
    if (/^\d{1,9}$/.test(ref)) ids.push(Number(ref));
    urls.push(ref);
  }
  return { ids, urls };
}

export type RefTable = 'categories' | 'colors' | 'brands' | 'tags' | 'sizes';

/**
 * The ids named by urls and by ids (a url match wins over an id, see splitRefs), as a subquery.
 * `urls` and `ids` are query values; without ids the second half is left out.
 */
export function refIdsOf(table: RefTable, urls: readonly string[], ids: readonly number[] | null): RawBuilder<number> {
  const byUrl = sql`select id from ${sql.table(table)} where url = any(${urls}::text[])`;
  if (ids === null) return sql<number>`(${byUrl})`;
  return sql<number>`(${byUrl} union all
    select id from ${sql.table(table)} t where id = any(${ids}::int[])
      and not exists (select 1 from ${sql.table(table)} u where u.url = t.id::text))`;
}

/** The ids the references name, as a subquery. */
export function refIds(table: RefTable, refs: readonly string[]): RawBuilder<number> {
  const { ids, urls } = splitRefs(refs);
  return refIdsOf(table, urls, ids.length ? ids : null);
}

/**
 * The named categories and all their descendants, as a subquery of ids. The tree is small (tens
 * to hundreds of rows), so the recursive walk costs well under a millisecond per request and
 * needs no cache to invalidate.
 */
export function categorySubtreeIds(refs: readonly string[]): RawBuilder<number> {
  return sql<number>`(with recursive subtree(id) as (
      select id from categories where id in ${refIds('categories', refs)}
      union
      select c.id from categories c join subtree s on c.parent_id = s.id
    ) select id from subtree)`;
}
