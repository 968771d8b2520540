/**
 * The five catalogue calls the shop's speed targets name (bench/README.md), name search in the wrong layout and in Latin letters, and a size in stock (with and without a colour), as the shop serves them (REST, /api) and as the floor serves
 * them (one hand-written statement each, /floor). Both get the same parameters.
 */
export interface BenchCall {
  key: string;
  title: string;
  shop: string;
  floor: string;
}

/** A top-level category (four subcategories, an eighth of the products) and a colour. */
export const benchCategory = 'obuv';
export const benchColor = 'chernyj';
/** Size 42 (fill.ts: sizes 36–46 are ids 8–18), which about a third of the shoes come in. */
export const benchSize = 'size-14';
/** A kind of product, about 1% of the names. */
export const benchWord = 'кроссовки';
/** The same word typed with the keyboard left in the Latin layout, and in Latin letters (docs/search.md). */
export const benchLayoutWord = 'rhjccjdrb';
export const benchLatinWord = 'krossovki';

export const calls: BenchCall[] = [
  {
    key: 'first',
    title: '1 first page',
    shop: '/api/products?limit=12&sortBy=createdAt&orderBy=desc',
    floor: '/floor/page?offset=0',
  },
  {
    key: 'filtered',
    title: '2 filtered page',
    shop: `/api/products?categories=${benchCategory}&colors=${benchColor}&minPrice=1000&maxPrice=5000&sortBy=price&limit=12`,
    floor: `/floor/filtered?category=${benchCategory}&color=${benchColor}&minPrice=1000&maxPrice=5000`,
  },
  {
    key: 'deep',
    title: '3 deep page (offset 5000)',
    shop: '/api/products?limit=12&offset=5000&sortBy=createdAt&orderBy=desc',
    floor: '/floor/page?offset=5000',
  },
  {
    key: 'search',
    title: `4 name search («${benchWord}»)`,
    shop: `/api/products?name=${encodeURIComponent(benchWord)}&limit=12`,
    floor: `/floor/search?name=${encodeURIComponent(benchWord)}`,
  },
  {
    key: 'searchLayout',
    title: `4a name search, wrong layout («${benchLayoutWord}»)`,
    shop: `/api/products?name=${benchLayoutWord}&limit=12`,
    // The floor answers the same question: the word as meant.
    floor: `/floor/search?name=${encodeURIComponent(benchWord)}`,
  },
  {
    key: 'searchLatin',
    title: `4b name search, Latin letters («${benchLatinWord}»)`,
    shop: `/api/products?name=${benchLatinWord}&limit=12`,
    floor: `/floor/search?name=${encodeURIComponent(benchWord)}`,
  },
  {
    key: 'priceRange',
    title: '5 priceRange (one category)',
    shop: `/api/products/priceRange?categories=${benchCategory}`,
    floor: `/floor/price-range?category=${benchCategory}`,
  },
  {
    key: 'sized',
    title: '6 size in stock (category + size 42, available)',
    shop: `/api/products?categories=${benchCategory}&sizes=${benchSize}&available=true&sortBy=price&limit=12`,
    floor: `/floor/sized?category=${benchCategory}&size=${benchSize}`,
  },
  {
    key: 'sizedColor',
    title: '6a size in stock in a colour (category + colour + size 42, available)',
    shop: `/api/products?categories=${benchCategory}&colors=${benchColor}&sizes=${benchSize}&available=true&sortBy=price&limit=12`,
    floor: `/floor/sized?category=${benchCategory}&size=${benchSize}&color=${benchColor}`,
  },
];

/**
 * The sort matrix: every sort the storefront and the REST API offer, with
 * and without a search word, with and without filters (category + colour, the variant rule).
 * Relevance only with a word (without one it is the newest-first order of call 1).
 */
const sorts = [
  { title: 'newest', sortBy: 'createdAt', dir: 'desc' },
  { title: 'price ↑', sortBy: 'price', dir: 'asc' },
  { title: 'price ↓', sortBy: 'price', dir: 'desc' },
  { title: 'name', sortBy: 'name', dir: 'asc' },
  { title: 'rating', sortBy: 'rating', dir: 'desc' },
  { title: 'relevance', sortBy: 'relevance', dir: 'desc' },
] as const;

export const sortCalls: BenchCall[] = sorts.flatMap((sort) =>
  [false, true].flatMap((word) =>
    [false, true]
      .filter(() => word || sort.sortBy !== 'relevance')
      .map((filter) => {
        const wordPart = word ? `&name=${encodeURIComponent(benchWord)}` : '';
        const filterShop = filter ? `&categories=${benchCategory}&colors=${benchColor}` : '';
        const filterFloor = filter ? `&category=${benchCategory}&color=${benchColor}` : '';
        const what = [word ? `«${benchWord}»` : 'no word', filter ? 'category + colour' : 'no filter'].join(', ');
        return {
          key: `sort-${sort.sortBy}-${sort.dir}${word ? '-word' : ''}${filter ? '-filter' : ''}`,
          title: `${sort.title}: ${what}`,
          shop: `/api/products?limit=12&sortBy=${sort.sortBy}&orderBy=${sort.dir}${wordPart}${filterShop}`,
          floor: `/floor/list?sort=${sort.sortBy}&dir=${sort.dir}${wordPart}${filterFloor}`,
        };
      }),
  ),
);
