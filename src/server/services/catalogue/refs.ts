import { sql, type RawBuilder } from 'kysely';

/**
 * List filters name a category, colour, brand, tag or size by id or by url: a value made of
 * digits only is an id, anything else a url (README "Decisions").
 */
export function splitRefs(refs: readonly string[]): { ids: number[]; urls: string[] } {
  const ids: number[] = [];
  const urls: string[] = [];
  for (const ref of refs) {
    if (/^\d{1,9}$/.test(ref)) ids.push(Number(ref));
    else urls.push(ref);
  }
  return { ids, urls };
}

export type RefTable = 'categories' | 'colors' | 'brands' | 'tags' | 'sizes';

/** `(select id from <table> where id = any(…) or url = any(…))` as a subquery of ids. */
export function refIds(table: RefTable, refs: readonly string[]): RawBuilder<number> {
  const { ids, urls } = splitRefs(refs);
  const conditions = [];
  if (ids.length) conditions.push(sql`id = any(${sql.val(ids)}::int[])`);
  if (urls.length) conditions.push(sql`url = any(${sql.val(urls)}::text[])`);
  if (!conditions.length) conditions.push(sql`false`);
  return sql<number>`(select id from ${sql.table(table)} where ${sql.join(conditions, sql` or `)})`;
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
