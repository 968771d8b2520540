import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readCatalogueQuery, writeCatalogueQuery, type CatalogueQuery } from './catalogue-query';

/** The catalogue state read from the query string, and a setter that writes it back. */
export function useCatalogueQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readCatalogueQuery(params), [params]);
  /** Any change of filters or sort starts again at page 1 unless it sets the page itself. */
  const update = useCallback(
    (change: Partial<CatalogueQuery>, options?: { replace?: boolean }) =>
      setParams(writeCatalogueQuery({ ...query, page: 1, ...change }), options?.replace ? { replace: true } : undefined),
    [query, setParams],
  );
  return { query, update };
}
