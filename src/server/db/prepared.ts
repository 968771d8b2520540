import type pg from 'pg';

/**
 * Statements the PostgreSQL connections keep prepared (named), so that a statement run again on a
 * connection is neither parsed nor, once PostgreSQL has settled on a generic plan, planned again.
 * Only statements whose best plan does not depend on their values are marked: priceRange's walks
 * of the price index, a kept search's cards by id, and a search by words alone (all its matches
 * come from the word index and are collected before sorting, whatever the words; planning was a
 * fifth of its time). A generic plan chosen for a filtered page would be the planner's guess
 * without the values. PGlite's one session keeps them too: planning was a third of a kept search's
 * cards there (1 of 3 ms).
 */
const names = new Map<string, string>();
/** Marked statements are a handful of shapes; the bound only guards against a mistake. */
const maxNames = 500;
/** Marked statements start with this comment, so that every other statement is told apart in O(1). */
const marker = '/* prepared */ ';

/** Marks a statement to be kept prepared; run the returned text (the statement with its marker). */
export function markPrepared(sql: string): string {
  const marked = marker + sql;
  if (!names.has(marked) && names.size < maxNames) names.set(marked, `shop_${String(names.size + 1)}`);
  return marked;
}

/** The name a statement is prepared under on every connection, if it is marked. */
export function preparedName(sql: string): string | undefined {
  return sql.startsWith(marker) ? names.get(sql) : undefined;
}

/** How many statements are marked (for tests). */
export function markedStatements(): number {
  return names.size;
}

/** Runs a statement on a pg client: marked statements under their name, the rest unnamed. */
export function runStatement(client: pg.PoolClient, sql: string, parameters: ReadonlyArray<unknown> | undefined): Promise<pg.QueryResult> {
  const values = parameters ? [...parameters] : [];
  const name = preparedName(sql);
  return name ? client.query({ name, text: sql, values }) : client.query(sql, values);
}
