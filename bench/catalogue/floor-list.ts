/**
 * The floor's statements for the sort matrix (every sort the storefront offers): one hand-written statement per
 * sort, with and without a search word, with and without filters (a category and a colour, under
 * the variant rule: the card shows the cheapest matching variant, and the price sort is by it).
 * Matches that are counted anyway are collected once (a CTE used twice is materialised); with
 * neither word nor filter the page walks the sort column's index and the total is count(*); the
 * walked sorts under filters walk too (walkedFilteredStatement).
 */

/** A catalogue card; price, old price and picture are the product's unless a query gives the matching variant's. */
export const cardOf = (price = 'p.price', oldPrice = 'p.old_price', image = 'p.image') => `json_build_object(
  'id', p.id, 'name', p.name, 'url', p.url, 'price', (${price} / 100.0)::float8, 'oldPrice', (${oldPrice} / 100.0)::float8,
  'availability', p.availability, 'inStock', p.in_stock, 'rating', p.rating, 'reviewCount', p.review_count, 'image', ${image},
  'colors', coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'url', c.url, 'code', c.code) order by c.id)
                      from colors c where c.id in (select v.color_id from product_variants v where v.product_id = p.id)), '[]'::json),
  'brands', coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name, 'url', b.url) order by b.name)
                      from product_brands pb join brands b on b.id = pb.brand_id where pb.product_id = p.id), '[]'::json))`;

/** The category named by the url in `param` and every category below it, as the CTE `sub`. */
export const subtreeOf = (param: string) => `recursive sub(id) as (
  select id from categories where url = ${param}
  union select c.id from categories c join sub on c.parent_id = sub.id)`;

export const listSorts = ['createdAt', 'price', 'name', 'rating', 'relevance'] as const;
export type ListSort = (typeof listSorts)[number];

export interface ListShape {
  sort: ListSort;
  direction: 'asc' | 'desc';
  word: boolean;
  filter: boolean;
}

/**
 * Newest and rating under a category and a colour, without a word: the sort column's index is
 * walked and each product tested for a variant of the colour and a category of the subtree, 12
 * found, and only those 12 get their cheapest matching variant; the total is counted from the
 * colour's variants (the colour index), not from the products.
 */
function walkedFilteredStatement(sort: 'createdAt' | 'rating', direction: 'asc' | 'desc'): string {
  const key = sort === 'createdAt' ? 'p.created_at' : 'coalesce(p.rating, 0)';
  const inSubtree = (product: string) =>
    `exists (select 1 from product_categories pc where pc.product_id = ${product} and pc.category_id in (select id from sub))`;
  return `with ${subtreeOf('$1')},
    colour as (select id from colors where url = $2),
    walked as (select p.id, ${key} as k from products p
      where exists (select 1 from product_variants v where v.product_id = p.id and v.color_id = (select id from colour))
        and ${inSubtree('p.id')}
      order by ${key} ${direction}, p.id ${direction} limit 12),
    page as (select walked.*, mv.price, mv.old_price, mv.image from walked cross join lateral (
      select v.price, v.old_price, v.images[1] as image from product_variants v
      where v.product_id = walked.id and v.color_id = (select id from colour)
      order by v.price, v.position, v.id limit 1) mv)
    select json_build_object(
      'rows', coalesce((select json_agg(${cardOf('page.price', 'page.old_price', 'coalesce(page.image, p.image)')}
                        order by page.k ${direction}, page.id ${direction}) from page join products p on p.id = page.id), '[]'::json),
      'length', (select count(distinct v.product_id) from product_variants v
                 where v.color_id = (select id from colour) and ${inSubtree('v.product_id')}))::text as body`;
}

/** The statement and the order of its parameters (word, category, colour — those present). */
export function listStatement({ sort, direction, word, filter }: ListShape): string {
  if (filter && !word && (sort === 'createdAt' || sort === 'rating')) return walkedFilteredStatement(sort, direction);
  let count = 0;
  const next = () => `$${String((count += 1))}`;
  const query = word ? `websearch_to_tsquery('russian', ${next()})` : '';
  const category = filter ? next() : '';
  const color = filter ? next() : '';
  const key = {
    createdAt: 'p.created_at',
    price: filter ? 'mv.price' : 'p.price',
    name: 'p.name',
    rating: 'coalesce(p.rating, 0)',
    relevance: word ? `ts_rank(p.search, ${query}, 1)` : 'p.id',
  }[sort];
  const source = filter
    ? `(select distinct on (v.product_id) v.product_id, v.price, v.old_price, v.images[1] as image from product_variants v
         where v.color_id = (select id from colors where url = ${color})
           and exists (select 1 from product_categories pc where pc.product_id = v.product_id and pc.category_id in (select id from sub))
         order by v.product_id, v.price, v.position, v.id) mv
       join products p on p.id = mv.product_id`
    : 'products p';
  const subtree = filter ? `${subtreeOf(category)},` : '';
  const card = filter ? cardOf('page.price', 'page.old_price', 'coalesce(page.image, p.image)') : cardOf();
  const order = `page.k ${direction}, page.id ${direction}`;
  return `with ${subtree}
    matches as (select p.id, ${key} as k${filter ? ', mv.price, mv.old_price, mv.image' : ''} from ${source}
      ${word ? `where p.search @@ ${query}` : ''}),
    page as (select * from matches order by k ${direction}, id ${direction} limit 12)
    select json_build_object(
      'rows', coalesce((select json_agg(${card} order by ${order}) from page join products p on p.id = page.id), '[]'::json),
      'length', (select count(*) from ${word || filter ? 'matches' : 'products'}))::text as body`;
}
