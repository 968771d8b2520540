import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { markPrepared } from '../../../db/prepared.js';
import { keepShape, keptShape } from './caches.js';

/**
 * Building a large Kysely query (the catalogue page with its nested colours and brands) and
 * compiling it through the CamelCasePlugin costs about half a millisecond of CPU per request,
 * which on this machine is a large share of a search. The SQL text only depends on which filters
 * are present and how the list is sorted (its "shape"), so it is compiled once per shape with
 * placeholders, kept (caches.ts, `shapes`) and reused with each request's values. The query is still written with Kysely;
 * only the compiling is cached.
 *
 * `prepared`: the statement's plan does not depend on its values, so PostgreSQL connections keep it
 * prepared (db/prepared.ts).
 *
 * Rule for `build`: use the values only as query values (never inspect them in JavaScript), and
 * let everything that changes the SQL text be part of `shape`.
 */
class Slot {
  constructor(readonly name: string) {}
}

export async function executeShaped<V extends Record<string, unknown>, O>(
  db: Db,
  shape: string,
  values: V,
  build: (values: V) => Compilable<O>,
  options: { prepared?: boolean } = {},
): Promise<O[]> {
  let compiled = keptShape(db, shape);
  if (!compiled) {
    // Every value becomes a placeholder that Kysely carries into the parameter list untouched.
    const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new Slot(name)])) as Record<string, unknown> as V;
    const query = build(slots).compile();
    compiled = { sql: options.prepared ? markPrepared(query.sql) : query.sql, parameters: query.parameters };
    keepShape(db, shape, compiled);
  }
  const parameters = compiled.parameters.map((parameter) => (parameter instanceof Slot ? values[parameter.name] : parameter));
  const result = await db.executeQuery<O>(CompiledQuery.raw(compiled.sql, parameters));
  return result.rows;
}
