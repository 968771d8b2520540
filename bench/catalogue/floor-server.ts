/**
 * The floor: a minimal Fastify server with one hand-written SQL statement per call, returning
 * finished JSON straight from PostgreSQL. No validation, no tRPC, no query builder, an exact
 * count(*) for the total — what "just write the SQL" costs. Started by bench/catalogue/index.ts.
 */
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env['DATABASE_URL'];
const port = Number(process.env['PORT'] ?? 0);
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });

/** A catalogue card; price, old price and picture are the product's unless a query gives the matching variant's. */
const cardOf = (price = 'p.price', oldPrice = 'p.old_price', image = 'p.image') => `json_build_object(
  'id', p.id, 'name', p.name, 'url', p.url, 'price', (${price} / 100.0)::float8, 'oldPrice', (${oldPrice} / 100.0)::float8,
  'availability', p.availability, 'inStock', p.in_stock, 'rating', p.rating, 'reviewCount', p.review_count, 'image', ${image},
  'colors', coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'url', c.url, 'code', c.code) order by c.id)
                      from colors c where c.id in (select v.color_id from product_variants v where v.product_id = p.id)), '[]'::json),
  'brands', coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name, 'url', b.url) order by b.name)
                      from product_brands pb join brands b on b.id = pb.brand_id where pb.product_id = p.id), '[]'::json))`;
const card = cardOf();

const subtree = `with recursive sub(id) as (
  select id from categories where url = $1
  union select c.id from categories c join sub on c.parent_id = sub.id)`;

const statements = {
  page: `with page as (select id, created_at from products order by created_at desc, id desc limit 12 offset $1)
    select json_build_object(
      'rows', coalesce((select json_agg(${card} order by page.created_at desc, page.id desc) from page join products p on p.id = page.id), '[]'::json),
      'length', (select count(*) from products))::text as body`,
  // The variant rule (issue 13): a black variant priced within the range, the card showing the
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
  // The cheapest and dearest variant of the category's products: the variants' price index walked
  // from each end until a variant of the category turns up.
  priceRange: `${subtree}
    select json_build_object(
      'minPrice', coalesce((select v.price from product_variants v where exists (select 1 from product_categories pc
        where pc.product_id = v.product_id and pc.category_id in (select id from sub)) order by v.price, v.id limit 1), 0) / 100.0,
      'maxPrice', coalesce((select v.price from product_variants v where exists (select 1 from product_categories pc
        where pc.product_id = v.product_id and pc.category_id in (select id from sub)) order by v.price desc, v.id desc limit 1), 0) / 100.0)::text as body`,
};

const app = Fastify({ logger: false });

type Query = Record<string, string | undefined>;

async function answer(statement: string, values: unknown[]): Promise<string> {
  const result = await pool.query<{ body: string }>(statement, values);
  return result.rows[0]?.body ?? 'null';
}

app.get('/floor/page', async (request, reply) => {
  const query = request.query as Query;
  return reply.type('application/json').send(await answer(statements.page, [Number(query['offset'] ?? 0)]));
});
app.get('/floor/filtered', async (request, reply) => {
  const query = request.query as Query;
  const values = [query['category'], query['color'], Math.round(Number(query['minPrice']) * 100), Math.round(Number(query['maxPrice']) * 100)];
  return reply.type('application/json').send(await answer(statements.filtered, values));
});
app.get('/floor/search', async (request, reply) => {
  const query = request.query as Query;
  return reply.type('application/json').send(await answer(statements.search, [query['name'] ?? '']));
});
app.get('/floor/price-range', async (request, reply) => {
  const query = request.query as Query;
  return reply.type('application/json').send(await answer(statements.priceRange, [query['category']]));
});

const shutdown = () => {
  void app.close().then(() => pool.end()).then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`ready ${String((app.server.address() as { port: number }).port)}\n`);
