import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { DictionaryInput, DictionaryItem, dictionaryListSchema } from '../../../shared/schemas/dictionaries.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { missingOrStale, nextVersion, sameVersion } from '../platform/versioned.js';
import { refuseIfReferenced } from './dependents.js';

/**
 * Tags and sizes are the same small dictionary (id, name, url) in two tables; these queries serve
 * both routers so their rules cannot drift apart.
 */
export type DictionaryTable = 'tags' | 'sizes';

const columns = ['id', 'name', 'url', 'version'] as const;

export async function listDictionary(
  db: Db,
  table: DictionaryTable,
  input: z.output<typeof dictionaryListSchema>,
): Promise<{ rows: DictionaryItem[]; length: number }> {
  let filtered = db.selectFrom(table);
  if (input.name) filtered = filtered.where('name', 'ilike', containsPattern(input.name));
  if (input.url) filtered = filtered.where('url', '=', input.url);
  const [rows, total] = await Promise.all([
    filtered.select(columns).orderBy(input.sortBy, input.orderBy).orderBy('id').limit(input.limit).offset(input.offset).execute(),
    filtered.select(sql<number>`count(*)::int`.as('length')).executeTakeFirstOrThrow(),
  ]);
  return { rows, length: total.length };
}

export async function getDictionaryItem(db: Db, table: DictionaryTable, id: number): Promise<DictionaryItem> {
  const row = await db.selectFrom(table).select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return row;
}

export function createDictionaryItem(db: Db, table: DictionaryTable, input: DictionaryInput): Promise<DictionaryItem> {
  return db.insertInto(table).values(input).returning(columns).executeTakeFirstOrThrow();
}

export async function updateDictionaryItem(
  db: Db,
  table: DictionaryTable,
  id: number,
  input: DictionaryInput,
  version?: number,
): Promise<DictionaryItem> {
  const row = await db
    .updateTable(table)
    .set({ name: input.name, url: input.url, version: nextVersion })
    .where('id', '=', id)
    .where(sameVersion(version))
    .returning(columns)
    .executeTakeFirst();
  if (!row) throw await missingOrStale(db, table, id);
  return row;
}

/** Foreign keys refuse the delete while products use the row (SPEC.md section 5). */
export async function deleteDictionaryItem(db: Db, table: DictionaryTable, id: number): Promise<{ ok: true }> {
  await refuseIfReferenced(db, { table, id });
  const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
  return { ok: true };
}
