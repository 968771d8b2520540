import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import { domainMessages } from '../../../shared/errors.js';
import type {
  Category,
  CategoryTreeNode,
  categoryInputSchema,
  categoryListSchema,
} from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { inTransaction } from '../../db/transaction.js';
import { missingOrStale, nextVersion, sameVersion } from '../platform/versioned.js';
import { refuseIfReferenced } from './dependents.js';
import { refIds } from './refs.js';

type CategoryFields = z.output<typeof categoryInputSchema>;

const columns = ['id', 'name', 'desc', 'image', 'url', 'parentId', 'parameters', 'version'] as const;

export async function listCategories(
  db: Db,
  input: z.output<typeof categoryListSchema>,
): Promise<{ rows: Category[]; length: number }> {
  let filtered = db.selectFrom('categories');
  if (input.name) filtered = filtered.where('name', 'ilike', containsPattern(input.name));
  if (input.url) filtered = filtered.where('url', '=', input.url);
  if (input.parent !== undefined) {
    const parent = input.parent;
    filtered =
      parent === '' || parent === 'null' || parent === 'root'
        ? filtered.where('parentId', 'is', null)
        : filtered.where('parentId', 'in', refIds('categories', [parent]));
  }
  if (input.parameters) filtered = filtered.where(sql<boolean>`parameters ? ${input.parameters}`);
  if (input.children !== undefined) {
    const hasChildren = sql<boolean>`exists (select 1 from categories child where child.parent_id = categories.id)`;
    filtered = filtered.where(input.children ? hasChildren : sql<boolean>`not ${hasChildren}`);
  }
  const [rows, total] = await Promise.all([
    filtered.select(columns).orderBy(input.sortBy, input.orderBy).orderBy('id').limit(input.limit).offset(input.offset).execute(),
    filtered.select(sql<number>`count(*)::int`.as('length')).executeTakeFirstOrThrow(),
  ]);
  return { rows, length: total.length };
}

/** GET /categories/categoriesTree: the whole tree, roots first, siblings by name. */
export async function categoryTree(db: Db): Promise<CategoryTreeNode[]> {
  const rows = await db.selectFrom('categories').select(columns).orderBy('name').orderBy('id').execute();
  const nodes = new Map<number, CategoryTreeNode>(rows.map((row) => [row.id, { ...row, children: [] }]));
  const roots: CategoryTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function getCategory(db: Db, id: number): Promise<Category> {
  const row = await db.selectFrom('categories').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return row;
}

function values({ name, desc, image, url, parentId, parameters }: CategoryFields) {
  return { name, desc, image, url, parentId, parameters: JSON.stringify(parameters) };
}

export function createCategory(db: Db, input: CategoryFields): Promise<Category> {
  return db.insertInto('categories').values(values(input)).returning(columns).executeTakeFirstOrThrow();
}

/**
 * Moves of categories are serialised by one transaction-level lock: two moves at the same moment
 * (X under Y and Y under X) would each pass the cycle check against the tree before the other.
 */
async function lockCategoryTree(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('shop:category-tree'))`.execute(db);
}

export function updateCategory(db: Db, id: number, input: CategoryFields, version?: number): Promise<Category> {
  return inTransaction(db, async (trx) => {
    if (input.parentId !== null) {
      await lockCategoryTree(trx);
      // The new parent must not be the category itself or one of its descendants.
      const cycle = await sql<{ id: number }>`with recursive subtree(id) as (
          select ${id}::int
          union
          select c.id from categories c join subtree s on c.parent_id = s.id
        ) select id from subtree where id = ${input.parentId}`.execute(trx);
      if (cycle.rows.length) throw new TRPCError({ code: 'BAD_REQUEST', message: domainMessages.categoryCycle });
    }
    const row = await trx
      .updateTable('categories')
      .set({ ...values(input), version: nextVersion })
      .where('id', '=', id)
      .where(sameVersion(version))
      .returning(columns)
      .executeTakeFirst();
    if (!row) throw await missingOrStale(trx, 'categories', id);
    return row;
  });
}

/** Refused while subcategories or products use the category; foreign keys stand behind the check. */
export async function deleteCategory(db: Db, id: number): Promise<{ ok: true }> {
  await refuseIfReferenced(db, { table: 'categories', id });
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
  return { ok: true };
}
