import type { Db } from '../../../db/connection.js';
import { pathSeparator } from './columns.js';

/** The catalogue's dictionaries as the CSV names them: by name (case-insensitive), categories by path. */
export interface Dictionaries {
  /** Category id → «Одежда / Куртки». */
  categoryPaths: Map<number, string>;
  /** Lower-cased path → ids (more than one: the path is ambiguous). */
  categoriesByPath: Map<string, number[]>;
  brands: Map<string, number>;
  colors: Map<string, number>;
  sizes: Map<string, number>;
}

const key = (text: string) => text.trim().toLowerCase().replace(/ё/g, 'е');

export function dictionaryKey(text: string): string {
  return key(text);
}

/** Paths of every category, from the root down. */
export function categoryPaths(rows: ReadonlyArray<{ id: number; name: string; parentId: number | null }>): Map<number, string> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<number, string>();
  const pathOf = (id: number, depth = 0): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id)!;
    const parent = row.parentId !== null && byId.has(row.parentId) && depth < 50 ? pathOf(row.parentId, depth + 1) : null;
    const path = parent === null ? row.name : `${parent}${pathSeparator}${row.name}`;
    paths.set(id, path);
    return path;
  };
  for (const row of rows) pathOf(row.id);
  return paths;
}

export async function loadDictionaries(db: Db): Promise<Dictionaries> {
  const [categories, brands, colors, sizes] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name', 'parentId']).execute(),
    db.selectFrom('brands').select(['id', 'name']).execute(),
    db.selectFrom('colors').select(['id', 'name']).execute(),
    db.selectFrom('sizes').select(['id', 'name']).execute(),
  ]);
  const paths = categoryPaths(categories);
  const categoriesByPath = new Map<string, number[]>();
  for (const [id, path] of paths) categoriesByPath.set(key(path), [...(categoriesByPath.get(key(path)) ?? []), id]);
  const byName = (rows: ReadonlyArray<{ id: number; name: string }>) => new Map(rows.map((row) => [key(row.name), row.id]));
  return { categoryPaths: paths, categoriesByPath, brands: byName(brands), colors: byName(colors), sizes: byName(sizes) };
}
