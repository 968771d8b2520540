import { useSearchParams } from 'react-router-dom';

/** Admin lists page through limit/offset; the page and filter live in the URL. */
export function usePaging(pageSize: number) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const filter = params.get('q') ?? '';
  return {
    page,
    filter,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    pageCount: (length: number) => Math.max(1, Math.ceil(length / pageSize)),
    setPage: (next: number) =>
      setParams((current) => {
        current.set('page', String(next));
        return current;
      }),
    setFilter: (next: string) =>
      setParams((current) => {
        if (next) current.set('q', next);
        else current.delete('q');
        current.delete('page');
        return current;
      }),
  };
}

/** An admin list's own filters in the URL: changing one goes back to the first page. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const setParam = (key: string, value: string | undefined) =>
    setParams((current) => {
      if (value) current.set(key, value);
      else current.delete(key);
      current.delete('page');
      return current;
    });
  return [params, setParam] as const;
}
