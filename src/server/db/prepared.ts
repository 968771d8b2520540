import type pg from 'pg';
import { isStalePreparedStatement } from './errors.js';

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

/**
 * Per connection, how many times its prepared statements went stale: a migration run by another
 * instance that changes the type of a column they return (0015 made money bigint) makes PostgreSQL
 * refuse each of them on every connection that prepared it before. Such a connection forgets
 * them all and prepares them again under new names (pg remembers which names it has parsed).
 */
const generations = new WeakMap<pg.PoolClient, number>();

function nameOn(client: pg.PoolClient, name: string): string {
  const generation = generations.get(client);
  return generation ? `${name}_${String(generation)}` : name;
}

/** Runs a statement on a pg client: marked statements under their name, the rest unnamed. */
export async function runStatement(client: pg.PoolClient, sql: string, parameters: ReadonlyArray<unknown> | undefined): Promise<pg.QueryResult> {
  const values = parameters ? [...parameters] : [];
  const name = preparedName(sql);
  if (!name) return client.query(sql, values);
  try {
    return await client.query({ name: nameOn(client, name), text: sql, values });
  } catch (error) {
    if (!isStalePreparedStatement(error)) throw error;
    generations.set(client, (generations.get(client) ?? 0) + 1);
    // A marked statement only reads, so it is simply run again. Inside a transaction (the category
    // tree's last resort) the refusal has aborted it: the error stands, and the connection's next
    // statements are prepared under the new names all the same.
    try {
      await client.query('deallocate all');
    } catch {
      throw error;
    }
    return client.query({ name: nameOn(client, name), text: sql, values });
  }
}
