import type { ProductListInput } from '../../../shared/schemas/catalogue.js';

/**
 * The catalogue's whole state lives in the query string (a filtered page can be
 * shared as a link), e.g. `/catalog?categories=obuv&colors=chernyy&minPrice=1000&sort=price&page=2`.
 * Lists hold urls (readable, and the API accepts urls) joined by commas. The
 * page starts at 1 and the price range at 0–0, where 0 means "no bound".
 */
export const listFilterNames = ['categories', 'brands', 'colors', 'tags', 'sizes'] as const;
export type ListFilterName = (typeof listFilterNames)[number];

export const sortOptions = [
  { value: 'relevance', label: 'По релевантности', sortBy: 'relevance', orderBy: 'desc' },
  { value: 'new', label: 'Сначала новые', sortBy: 'createdAt', orderBy: 'desc' },
  { value: 'price', label: 'Сначала дешёвые', sortBy: 'price', orderBy: 'asc' },
  { value: 'price-desc', label: 'Сначала дорогие', sortBy: 'price', orderBy: 'desc' },
  { value: 'rating', label: 'С высоким рейтингом', sortBy: 'rating', orderBy: 'desc' },
  { value: 'name', label: 'По названию', sortBy: 'name', orderBy: 'asc' },
] as const;
export type SortKey = (typeof sortOptions)[number]['value'];
/** A name search is ranked by relevance unless the shopper picks another order. */
function defaultSort(name: string): SortKey {
  return name ? 'relevance' : 'new';
}

export type CatalogueQuery = Record<ListFilterName, string[]> & {
  name: string;
  minPrice: number;
  maxPrice: number;
  /** Only what can be bought now. */
  available: boolean;
  sort: SortKey;
  page: number;
};

export const PAGE_SIZE = 24;

function readList(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

function readAmount(params: URLSearchParams, key: string): number {
  const value = Number(params.get(key));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function readCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const name = params.get('name')?.trim() ?? '';
  // A link with the bounds the wrong way round (minPrice=9000&maxPrice=100) means 100–9000.
  let minPrice = readAmount(params, 'minPrice');
  let maxPrice = readAmount(params, 'maxPrice');
  if (minPrice && maxPrice && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    name,
    categories: readList(params, 'categories'),
    brands: readList(params, 'brands'),
    colors: readList(params, 'colors'),
    tags: readList(params, 'tags'),
    sizes: readList(params, 'sizes'),
    minPrice,
    maxPrice,
    available: params.get('available') === '1' || params.get('available') === 'true',
    sort: sortOptions.find((option) => option.value === sort && (name || option.value !== 'relevance'))?.value ?? defaultSort(name),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The query string of a catalogue state; defaults are left out so that links stay short. */
export function writeCatalogueQuery(query: CatalogueQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.name) params.set('name', query.name);
  for (const key of listFilterNames) if (query[key].length) params.set(key, query[key].join(','));
  if (query.minPrice > 0) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice > 0) params.set('maxPrice', String(query.maxPrice));
  if (query.available) params.set('available', '1');
  if (query.sort !== defaultSort(query.name)) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** The query string of a search by name. */
export function nameSearch(name: string): string {
  return `?name=${encodeURIComponent(name)}`;
}

/** The catalogue link of one filter value, e.g. a brand's or a category's page. */
export function catalogueSearch(filter: ListFilterName, url: string): string {
  return `?${filter}=${encodeURIComponent(url)}`;
}

/** What the API filters by (every filter but paging and sort), for the list and the price range. */
export function toFilterInput(query: CatalogueQuery, withPrice = true) {
  return {
    ...(query.name ? { name: query.name } : {}),
    ...Object.fromEntries(listFilterNames.filter((key) => query[key].length).map((key) => [key, query[key]])),
    ...(withPrice && query.minPrice > 0 ? { minPrice: query.minPrice } : {}),
    ...(withPrice && query.maxPrice > 0 ? { maxPrice: query.maxPrice } : {}),
    ...(query.available ? { available: true } : {}),
  } satisfies ProductListInput;
}

export function toListInput(query: CatalogueQuery): ProductListInput {
  const sort = sortOptions.find((option) => option.value === query.sort) ?? sortOptions[1];
  return {
    ...toFilterInput(query),
    sortBy: sort.sortBy,
    orderBy: sort.orderBy,
    limit: PAGE_SIZE,
    offset: (query.page - 1) * PAGE_SIZE,
  };
}

/** The query with every filter and the search word removed («Сбросить всё»). */
export const clearedFilters: Partial<CatalogueQuery> = {
  name: '',
  categories: [],
  brands: [],
  colors: [],
  tags: [],
  sizes: [],
  minPrice: 0,
  maxPrice: 0,
  available: false,
};

/** How many filters the shopper has set (the phone's «Фильтры» button shows it). */
export function countFilters(query: CatalogueQuery): number {
  return (
    listFilterNames.reduce((sum, key) => sum + query[key].length, 0) +
    (query.minPrice > 0 || query.maxPrice > 0 ? 1 : 0) +
    (query.available ? 1 : 0)
  );
}
