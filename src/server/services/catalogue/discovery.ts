import { TRPCError } from '@trpc/server';
import { sql, type RawBuilder } from 'kysely';
import type { ProductCard } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';
import { cardsJson, type CardPage } from './listing/card.js';
import { searchVersionCheck } from './search/read-query.js';
import { namedCards } from './listing/card-names.js';

/**
 * The product page's discovery rows (docs/catalogue.md, "Discovery"). Each answer is one
 * statement: the row's ids and order in a `page` CTE, then the same cards the catalogue list
 * answers (listing/card.ts). Similar and bought-together also say whether the product exists, so
 * an unknown url is a 404 without a second statement.
 */

/** How far a similar product's price may be from the product's: ±30 %. */
const priceWindowPercent = 30;

const productNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Товар не найден' });

/** Runs `page` (rows of id and sort_key) for the product `url` and answers its cards. */
async function cardsOfProduct(db: Db, url: string, page: RawBuilder<CardPage>): Promise<ProductCard[]> {
  const row = await db
    .with('target', (qc) => qc.selectFrom('products').select(['id', 'price']).where('url', '=', url))
    .with('page', () => page)
    .selectNoFrom((eb) => [
      eb.selectFrom('target').select('id').as('productId'),
      cardsJson(db, sql<CardPage>`page`.as('page'), 'asc').as('rows'),
      searchVersionCheck.as('cardNamesVersion'),
    ])
    .executeTakeFirstOrThrow();
  if (row.productId === null) throw productNotFound();
  return namedCards(db, row.rows, row.cardNamesVersion);
}

/**
 * In stock, not the product itself, priced within ±30 % of it; from the product's own categories
 * first and, only to fill the row, from their sibling categories (same parent); then the nearest
 * price, then the best rated.
 */
export function similarProducts(db: Db, url: string, limit: number): Promise<ProductCard[]> {
  return cardsOfProduct(
    db,
    url,
    sql<CardPage>`(
      with own as (select pc.category_id from product_categories pc where pc.product_id = (select id from target)),
      near as (
        select pc.product_id as id, min(case when pc.category_id in (select category_id from own) then 0 else 1 end) as tier
        from product_categories pc
        where pc.category_id in (
          select category_id from own
          union
          select sibling.id from categories sibling join categories mine on mine.parent_id = sibling.parent_id
          where mine.id in (select category_id from own)
        )
        group by pc.product_id
      )
      select p.id, row_number() over (order by near.tier, abs(p.price - target.price), coalesce(p.rating, 0) desc, p.id) as sort_key
      from near join products p on p.id = near.id cross join target
      where p.id <> target.id and p.availability and p.in_stock
        and p.price * 100 between target.price * ${100 - priceWindowPercent} and target.price * ${100 + priceWindowPercent}
      order by sort_key
      limit ${limit}
    )`,
  );
}

/**
 * Products in the same orders as this one (a cancelled order does not count), by the number of
 * such orders, most first; only those on sale and in stock.
 */
export function boughtTogether(db: Db, url: string, limit: number): Promise<ProductCard[]> {
  return cardsOfProduct(
    db,
    url,
    sql<CardPage>`(
      with together as (
        select other.product_id as id, count(distinct other.checkout_id) as orders
        from checkout_lines mine
        join checkouts o on o.id = mine.checkout_id
        join checkout_lines other on other.checkout_id = mine.checkout_id and other.product_id <> mine.product_id
        where mine.product_id = (select id from target) and o.status <> 'Canceled'
        group by other.product_id
      )
      select p.id, row_number() over (order by together.orders desc, coalesce(p.rating, 0) desc, p.id) as sort_key
      from together join products p on p.id = together.id
      where p.availability and p.in_stock
      order by sort_key
      limit ${limit}
    )`,
  );
}

/** The cards of the products at `urls` still on sale, in the order given; unknown urls are skipped. */
export async function productsByUrls(db: Db, urls: string[]): Promise<ProductCard[]> {
  const row = await db
    .with(
      'page',
      () => sql<CardPage>`(
        select p.id, given.ord as sort_key
        from unnest(${urls}::text[]) with ordinality as given(url, ord)
        join products p on p.url = given.url
        where p.availability
      )`,
    )
    .selectNoFrom(() => [cardsJson(db, sql<CardPage>`page`.as('page'), 'asc').as('rows'), searchVersionCheck.as('cardNamesVersion')])
    .executeTakeFirstOrThrow();
  return namedCards(db, row.rows, row.cardNamesVersion);
}
