/**
 * Statements the PostgreSQL connections keep prepared (named), so that a statement run again on a
 * connection is neither parsed nor, once PostgreSQL has settled on a generic plan, planned again.
 * Only statements whose best plan does not depend on their values are marked (priceRange's walks
 * of the price index): a generic plan chosen for a filtered page or a search would be the
 * planner's guess without the values. PGlite, one in-process session, runs statements unnamed.
 */
const names = new Map<string, string>();
/** Marked statements are a handful of shapes; the bound only guards against a mistake. */
const maxNames = 500;

export function markPrepared(sql: string): void {
  if (!names.has(sql) && names.size < maxNames) names.set(sql, `shop_${String(names.size + 1)}`);
}

/** The name a statement is prepared under on every connection, if it is marked. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/** How many statements are marked (for tests). */
export function markedStatements(): number {
  return names.size;
}
