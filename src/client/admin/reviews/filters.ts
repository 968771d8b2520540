import { useListParams } from '../../ui/use-paging';

/** A filter of an admin list kept in the query string (so a filtered page can be shared). */
export function useQueryFilter(name: string): [string, (value: string | null) => void] {
  const [params, setParam] = useListParams();
  return [params.get(name) ?? '', (value) => setParam(name, value ?? undefined)];
}

/** A positive id typed in a filter, or undefined. */
export function idFilter(value: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

/** «Да»/«Нет»/all as a boolean filter. */
export function flagFilter(value: string): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
