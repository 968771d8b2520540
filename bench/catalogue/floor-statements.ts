/**
 * The floor's statements: one hand-written statement per call, returning finished JSON, with an
 * exact count(*) for the total. Served by floor-server.ts; explained by plans.ts.
 */
import { cardOf, listSorts, listStatement, subtreeOf, type ListShape } from './floor-list.js';

const card = cardOf();

const subtree = `with ${subtreeOf('$1')}`;

function sizedStatement(color: boolean): string {
  return `${subtree},
    matches as (select distinct on (v.product_id) v.product_id as id, v.price, v.old_price, v.images[1] as image
      from variant_items i join product_variants v on v.id = i.variant_id
      where i.size_id = (select id from sizes where url = $2) and i.stock > 0
        ${color ? 'and v.color_id = (select id from colors where url = $3)' : ''}
        and exists (select 1 from product_categories pc where pc.product_id = v.product_id and pc.category_id in (select id from sub))
        and exists (select 1 from products p where p.id = v.product_id and p.availability)
      order by v.product_id, v.price, v.position, v.id),
    page as (select * from matches order by price, id limit 12)
    select json_build_object(
      'rows', coalesce((select json_agg(${cardOf('page.price', 'page.old_price', 'coalesce(page.image, p.image)')} order by page.price, page.id)
                        from page join products p on p.id = page.id), '[]'::json),
      'length', (select count(*) from matches))::text as body`;
}

const statements = {
  page: `with page as (select id, created_at from products order by created_at desc, id desc limit 12 offset $1)
    select json_build_object(
      'rows', coalesce((select json_agg(${card} order by page.created_at desc, page.id desc) from page join products p on p.id = page.id), '[]'::json),
      'length', (select count(*) from products))::text as body`,
  // The variant rule (docs/catalogue.md): a black variant priced within the range, the card showing the
  // cheapest such variant's price and picture.
  filtered: `${subtree},
    matches as (select distinct on (v.product_id) v.product_id as id, v.price, v.old_price, v.images[1] as image
      from product_variants v
      where v.color_id = (select id from colors where url = $2) and v.price between $3 and $4
        and exists (select 1 from product_categories pc where pc.product_id = v.product_id and pc.category_id in (select id from sub))
      order by v.product_id, v.price, v.position, v.id),
    page as (select * from matches order by price, id limit 12)
    select json_build_object(
      'rows', coalesce((select json_agg(${cardOf('page.price', 'page.old_price', 'coalesce(page.image, p.image)')} order by page.price, page.id)
                        from page join products p on p.id = page.id), '[]'::json),
      'length', (select count(*) from matches))::text as body`,
  search: `with matches as (select p.id, ts_rank(p.search, websearch_to_tsquery('russian', $1), 1) as rank from products p
      where p.search @@ websearch_to_tsquery('russian', $1)),
    page as (select id, rank from matches order by rank desc, id desc limit 12)
    select json_build_object(
      'rows', coalesce((select json_agg(${card} order by page.rank desc, page.id desc) from page join products p on p.id = page.id), '[]'::json),
      'length', (select count(*) from matches))::text as body`,
  // Size in stock (docs/catalogue.md, the variant rule with `sizes` + `available`): an item of the
  // size with stock, of a colour of the product (of the colour asked for, with `color`), the card
  // showing the cheapest such colour; read from the size's items in stock.
  sized: sizedStatement(false),
  sizedColor: sizedStatement(true),
  // The cheapest and dearest variant of the category's products: the variants' price index walked
  // from each end until a variant of the category turns up.
  priceRange: `${subtree}
    select json_build_object(
      'minPrice', coalesce((select v.price from product_variants v where exists (select 1 from product_categories pc
        where pc.product_id = v.product_id and pc.category_id in (select id from sub)) order by v.price, v.id limit 1), 0) / 100.0,
      'maxPrice', coalesce((select v.price from product_variants v where exists (select 1 from product_categories pc
        where pc.product_id = v.product_id and pc.category_id in (select id from sub)) order by v.price desc, v.id desc limit 1), 0) / 100.0)::text as body`,
};

export type FloorQuery = Record<string, string | undefined>;

const listStatements = new Map<string, string>();

/** The statement and its values for a floor address (`/floor/page?offset=0`, …). */
export function floorStatement(pathname: string, query: FloorQuery): { text: string; values: unknown[] } {
  switch (pathname) {
    case '/floor/page':
      return { text: statements.page, values: [Number(query['offset'] ?? 0)] };
    case '/floor/filtered':
      return {
        text: statements.filtered,
        values: [query['category'], query['color'], Math.round(Number(query['minPrice']) * 100), Math.round(Number(query['maxPrice']) * 100)],
      };
    case '/floor/sized':
      return query['color']
        ? { text: statements.sizedColor, values: [query['category'], query['size'], query['color']] }
        : { text: statements.sized, values: [query['category'], query['size']] };
    case '/floor/search':
      return { text: statements.search, values: [query['name'] ?? ''] };
    case '/floor/price-range':
      return { text: statements.priceRange, values: [query['category']] };
    case '/floor/list': {
      // The sort matrix: `sort`, `dir`, and optionally `name` and `category` with `color`.
      const sort = listSorts.find((s) => s === query['sort']) ?? 'createdAt';
      const shape: ListShape = { sort, direction: query['dir'] === 'asc' ? 'asc' : 'desc', word: Boolean(query['name']), filter: Boolean(query['category']) };
      const key = JSON.stringify(shape);
      let text = listStatements.get(key);
      if (!text) listStatements.set(key, (text = listStatement(shape)));
      return { text, values: [...(shape.word ? [query['name']] : []), ...(shape.filter ? [query['category'], query['color']] : [])] };
    }
    default:
      throw new Error(`No floor statement for ${pathname}`);
  }
}
