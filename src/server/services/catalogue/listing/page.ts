import { sql, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { productListSchema } from '../../../../shared/schemas/catalogue.js';
import type { Db } from '../../../db/connection.js';
import {
  filteredProducts,
  hasFilters,
  matchingVariant,
  noVersion,
  rankQueryRef,
  searchQuery,
  tsQueryRef,
  variantRule,
  variantSideCount,
  variantSideMatches,
  type Shape,
  type Values,
} from './filters.js';
import { cardsJson, type CardPage, type CardPrice } from './card.js';
import { searchVersionCheck } from '../search/read-query.js';
import type { TreeVersionCheck } from './tree.js';
import { afterCursor, lastKeyText } from './keyset.js';

/** The catalogue page's statement (GET /products), built once per shape (shaped.ts). */

type ListInput = z.output<typeof productListSchema>;
export type ListSort = { sortBy: NonNullable<ListInput['sortBy']>; direction: 'asc' | 'desc' };

/** A filtered total is counted exactly up to this many rows; above it the answer is approximate. */
export const exactCountLimit = 10_000;

/**
 * Where the page's ids come from: `filters` the matches of the filters; `ranked` the same, and
 * also every match's id in relevance order (up to `exactCountLimit + 1`) for the ranked-search
 * cache (rankings.ts); `ids` the page's ids given in `values.pageIds`, in that order.
 */
export type PageSource = 'filters' | 'ranked' | 'ids';

/**
 * Paging by cursor (keyset.ts): `none` pages by offset; `start` is a walk's first page and
 * `after` a later one (the matches after `values.afterKey`, `values.afterId`). Both answer the
 * last row's sort key (`lastKey`) for the next cursor.
 */
export type PageWalk = 'none' | 'start' | 'after';

function sortExpression(sortBy: NonNullable<ListInput['sortBy']>, shape: Shape, values: Values) {
  const searching = shape.words;
  switch (sortBy) {
    case 'price':
      // Under the variant rule, the price the card shows: the matching variant's.
      return variantRule(shape) ? matchingVariant(shape, values, sql`mv.price`, sql`products.id`) : sql`products.price`;
    case 'name':
      return sql`products.name`;
    case 'rating':
      // Unrated products (null) count as 0 (products_rating_idx is on this expression).
      return sql`coalesce(products.rating, 0)`;
    case 'id':
      return sql`products.id`;
    case 'relevance':
      // Normalised by document length (1): a short name that matches beats a long one. The head
      // noun weighs more (weights, migration 0011); words matched as typed count twice.
      return searching
        ? sql`(ts_rank(products.search, ${tsQueryRef}, 1) + coalesce(ts_rank(products.search, ${rankQueryRef}, 1), 0))`
        : sql`products.id`;
    case 'createdAt':
      return sql`products.created_at`;
  }
}

/** The card's price, old price and picture under the variant rule: the matching variant's (else the product's). */
function cardPrice(shape: Shape, values: Values): CardPrice | undefined {
  if (!variantRule(shape)) return undefined;
  const pick = (column: RawBuilder<unknown>) => matchingVariant(shape, values, column, sql`p.id`);
  return {
    price: sql<number>`coalesce(${pick(sql`mv.price`)}, p.price)`,
    oldPrice: sql<number | null>`${pick(sql`mv.old_price`)}`,
    image: sql<string | null>`coalesce(${pick(sql`mv.images[1]`)}, p.image)`,
  };
}

/**
 * The page statement: the page's ids first (an index walk for a deep offset touches no other
 * table), then only those rows with their colours and brands, and the total.
 */
export function pageStatement(
  db: Db,
  shape: Shape,
  values: Values,
  sort: ListSort,
  versionCheck: TreeVersionCheck | null,
  searching: boolean,
  source: PageSource = 'filters',
  walk: PageWalk = 'none',
) {
  const filtered = filteredProducts(db, shape, values);
  const sortKey = sortExpression(sort.sortBy, shape, values);
  const { direction } = sort;
  // The matches are collected once (materialized) for both the page and the count, and sorted,
  // when a walk of the sort column's index has no bound: a search (its matches come from the word
  // index, and the count reads them anyway; a walk tested the words on 1 100 newer products to find
  // 12), the matching variant's price (no index gives it), and filtered matches by name (names
  // cluster by kind of product, so the walk met black shoes after 20 000 other names). Otherwise
  // `matches` is inlined into both, so the page can walk the index and stop after `offset + limit`.
  const collectAll = shape.words || (sort.sortBy === 'price' && variantRule(shape)) || (sort.sortBy === 'name' && hasFilters(shape));
  // Collected under the variant rule without a word: read from the variants' side (filters.ts).
  const sortBy = sort.sortBy;
  const fromVariants = !shape.words && variantRule(shape) && (sortBy === 'price' || sortBy === 'name');
  const matches =
    source === 'ids'
      ? sql<{ id: number; sortKey: number }>`(select id, ord as sort_key from unnest(${values.pageIds}::int4[]) with ordinality as given(id, ord))`
      : fromVariants
      ? variantSideMatches(shape, values, sortBy)
      : filtered.select(['products.id', sortKey.as('sortKey')]);
  return db
    .with('searchQuery', () => searchQuery(shape, values))
    .with(
      (cte) => (collectAll ? cte('matches').materialized() : cte('matches').notMaterialized()),
      () => matches,
    )
    .with('page', (qc) =>
      qc
        .selectFrom('matches')
        .select(['id', 'sortKey'])
        // The keyset: on the same `sort_key` the page is ordered by, id breaking ties.
        .$if(walk === 'after', (q) => q.where(afterCursor(sort, values)))
        .orderBy('sortKey', direction)
        .orderBy('id', direction)
        .limit(values.limit)
        .offset(values.offset),
    )
    .selectNoFrom((eb) => [
      cardsJson(db, sql<CardPage>`page`.as('page'), direction, cardPrice(shape, values)).as('rows'),
      searchVersionCheck.as('cardNamesVersion'),
      (source === 'ids'
        ? noVersion
        : !collectAll && variantRule(shape)
        ? // Matches walked, not collected, under the variant rule: counted from the variants' side.
          variantSideCount(shape, values, exactCountLimit + 1)
        : hasFilters(shape)
        ? eb
            .selectFrom(eb.selectFrom('matches').select(sql`1`.as('one')).limit(exactCountLimit + 1).as('counted'))
            .select(eb.fn.countAll<number>().as('n'))
        : eb.selectFrom('productCount').select('total')
      ).as('length'),
      (versionCheck ?? noVersion).as('treeVersion'),
      (searching ? searchVersionCheck : noVersion).as('searchVersion'),
      (source === 'ranked'
        ? sql<number[] | null>`(select array_agg(id order by sort_key desc, id desc) from (
            select id, sort_key from matches order by sort_key desc, id desc limit ${exactCountLimit + 1}) ranked)`
        : sql<number[] | null>`null`
      ).as('ranked'),
      (walk === 'none' ? sql<string | null>`null` : lastKeyText(sort)).as('lastKey'),
    ]);
}
