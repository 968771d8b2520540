import type { z } from 'zod';
import type { DictionaryInput, DictionaryItem, dictionaryListSchema } from '../../../shared/schemas/dictionaries.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { namedRecords } from './records.js';

/**
 * Tags and sizes are the same small dictionary (id, name, url) in two tables; these queries serve
 * both routers so their rules cannot drift apart.
 */
export type DictionaryTable = 'tags' | 'sizes';

const columns = ['id', 'name', 'url', 'version'] as const;
const dictionaries = { tags: namedRecords('tags', columns), sizes: namedRecords('sizes', columns) };

export function listDictionary(db: Db, table: DictionaryTable, input: z.output<typeof dictionaryListSchema>): Promise<{ rows: DictionaryItem[]; length: number }> {
  let filtered = db.selectFrom(table);
  if (input.name) filtered = filtered.where('name', 'ilike', containsPattern(input.name));
  if (input.url) filtered = filtered.where('url', '=', input.url);
  return dictionaries[table].page(filtered, input);
}

export function getDictionaryItem(db: Db, table: DictionaryTable, id: number): Promise<DictionaryItem> {
  return dictionaries[table].get(db, id);
}

export function createDictionaryItem(db: Db, table: DictionaryTable, input: DictionaryInput): Promise<DictionaryItem> {
  return dictionaries[table].create(db, input);
}

export function updateDictionaryItem(db: Db, table: DictionaryTable, id: number, input: DictionaryInput, version?: number): Promise<DictionaryItem> {
  return dictionaries[table].update(db, id, { name: input.name, url: input.url }, version);
}

/** Refused while products use the row: a product's tags and sizes must not change behind its back. */
export function deleteDictionaryItem(db: Db, table: DictionaryTable, id: number): Promise<{ ok: true }> {
  return dictionaries[table].remove(db, id);
}
