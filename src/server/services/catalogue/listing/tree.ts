import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { inTransaction } from '../../../db/transaction.js';
import { splitRefs } from '../refs.js';
import { countStale, keepTree, keptTree, type CategoryTree } from './caches.js';

/**
 * The category tree (ids, parents, urls) kept in memory per database handle, so a category filter
 * becomes literal ids (with real row estimates for the planner) without a query of its own. It is
 * never trusted blindly: the statement that uses it also reads `category_tree_version`, bumped by
 * a trigger on every change to categories by any instance, and a caller whose answer was computed
 * with an outdated tree reloads it and asks again (see `withCategoryTree`).
 */
export type Tree = CategoryTree;

async function loadTree(db: Db, cache = true): Promise<Tree> {
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'parentId', 'url', (eb) => eb.selectFrom('categoryTreeVersion').select('version').as('version')])
    .execute();
  // An empty table still has a version.
  const version = rows[0]?.version ?? (await db.selectFrom('categoryTreeVersion').select('version').executeTakeFirstOrThrow()).version;
  const tree: Tree = { version: Number(version), byId: new Map(), byUrl: new Map(), children: new Map() };
  for (const row of rows) {
    tree.byId.set(row.id, { parentId: row.parentId, url: row.url });
    tree.byUrl.set(row.url, row.id);
    if (row.parentId !== null) tree.children.set(row.parentId, [...(tree.children.get(row.parentId) ?? []), row.id]);
  }
  if (cache) keepTree(db, tree);
  return tree;
}

/** The named categories (ids or urls, see refs.ts) and all their descendants. */
export function subtreeIds(tree: Tree, refs: readonly string[]): number[] {
  const { ids, urls } = splitRefs(refs);
  const roots = new Set<number>();
  for (const url of urls) {
    const id = tree.byUrl.get(url);
    if (id !== undefined) roots.add(id);
  }
  for (const id of ids) if (!tree.byUrl.has(String(id)) && tree.byId.has(id)) roots.add(id);
  const result = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (result.has(id)) continue;
    result.add(id);
    stack.push(...(tree.children.get(id) ?? []));
  }
  return [...result].sort((a, b) => a - b);
}

export type TreeVersionCheck = RawBuilder<number | null>;

/** Tries with the cached tree before reading tree and answer in one snapshot. */
const cachedAttempts = 3;

/**
 * Runs `query` with the in-memory tree; `query` must return the version it saw through the
 * `versionCheck` expression. On a mismatch the tree is reloaded and the query run again; should
 * categories keep changing under it, the tree and the answer are read in one REPEATABLE READ
 * transaction, so an answer is never computed from a tree other than the one it reports.
 */
export async function withCategoryTree<T>(
  db: Db,
  query: (tree: Tree, versionCheck: TreeVersionCheck, db: Db) => Promise<{ result: T; version: number | string | null }>,
): Promise<T> {
  let tree = keptTree(db) ?? (await loadTree(db));
  const versionCheck = sql<number | null>`(select version from category_tree_version)`;
  for (let attempt = 1; attempt <= cachedAttempts; attempt += 1) {
    const { result, version } = await query(tree, versionCheck, db);
    if (Number(version) === tree.version) return result;
    countStale(db, 'tree');
    tree = await loadTree(db);
  }
  return inTransaction(
    db,
    async (trx) => {
      const snapshotTree = await loadTree(trx, false);
      const { result } = await query(snapshotTree, versionCheck, trx);
      return result;
    },
    { isolation: 'repeatable read' },
  );
}
