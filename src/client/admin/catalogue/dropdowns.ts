import { useMemo } from 'react';
import type { Category } from '../../../shared/schemas/catalogue.js';
import { trpc } from '../../trpc';

/** Dropdown lists load up to 1000 items: enough for every dictionary the shop keeps, in one request. */
export const DROPDOWN_LIMIT = 1000;

const dropdownQuery = { limit: DROPDOWN_LIMIT, sortBy: 'name', orderBy: 'asc' } as const;

export interface Option {
  value: number;
  label: string;
}

function toOptions(rows: ReadonlyArray<{ id: number; name: string }> | undefined): Option[] {
  return (rows ?? []).map((row) => ({ value: row.id, label: row.name }));
}

/** «Обувь / Кроссовки»: a category named with its ancestors, so that equal names stay distinguishable. */
export function categoryPath(category: Category, byId: ReadonlyMap<number, Category>): string {
  const names = [category.name];
  const seen = new Set([category.id]);
  let parent = category.parentId === null ? undefined : byId.get(category.parentId);
  while (parent && !seen.has(parent.id)) {
    names.unshift(parent.name);
    seen.add(parent.id);
    parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
  }
  return names.join(' / ');
}

export function useCategories() {
  const query = trpc.catalogue.categories.list.useQuery(dropdownQuery);
  return useMemo(() => {
    const rows = query.data?.rows ?? [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const options = rows
      .map((row) => ({ value: row.id, label: categoryPath(row, byId) }))
      .sort((a, b) => a.label.localeCompare(b.label, 'ru'));
    return { rows, byId, options, isLoading: query.isLoading };
  }, [query.data, query.isLoading]);
}

export function useColors() {
  const query = trpc.catalogue.colors.list.useQuery(dropdownQuery);
  return useMemo(() => {
    const rows = query.data?.rows ?? [];
    return { rows, byId: new Map(rows.map((row) => [row.id, row])), options: toOptions(rows) };
  }, [query.data]);
}

export function useBrandOptions(): Option[] {
  const query = trpc.catalogue.brands.list.useQuery(dropdownQuery);
  return useMemo(() => toOptions(query.data?.rows), [query.data]);
}

export function useTagOptions(): Option[] {
  const query = trpc.catalogue.tags.list.useQuery(dropdownQuery);
  return useMemo(() => toOptions(query.data?.rows), [query.data]);
}

export function useSizeOptions(): Option[] {
  const query = trpc.catalogue.sizes.list.useQuery({ ...dropdownQuery, sortBy: 'id' });
  return useMemo(() => toOptions(query.data?.rows), [query.data]);
}
