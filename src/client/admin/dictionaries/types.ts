import type { DictionaryInput, DictionaryItem } from '../../../shared/schemas/dictionaries.js';

/** What a dictionary admin screen (tags, sizes) needs, bound to that dictionary's procedures. */
export interface DictionaryAdmin {
  titles: { list: string; create: string; edit: string; noun: string };
  paths: { list: string; create: string; item: (id: number) => string };
  messages: { created: string; updated: string; deleted: string };
  useList: (input: { name?: string; limit: number; offset: number }) => {
    data: { rows: DictionaryItem[]; length: number } | undefined;
    isLoading: boolean;
  };
  useItem: (id: number) => { data: DictionaryItem | undefined; isLoading: boolean; error: unknown; refetch: () => Promise<unknown> };
  useSave: () => { save: (id: number | null, values: DictionaryInput, version?: number) => Promise<DictionaryItem>; saving: boolean };
  useDelete: () => { remove: (id: number) => Promise<unknown>; deleting: boolean };
}
