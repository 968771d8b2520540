import { sql, type AliasedRawBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../../db/connection.js';
import { productBrandsJson } from '../product-read.js';

/**
 * The product card as every list answers it (the catalogue page, the product page's discovery
 * rows): the products of `page` (rows of id and sort key, usually a CTE) with their colours and
 * brands, as one JSON array ordered by the sort key. One definition, so a card has one shape.
 */

export interface CardPage {
  id: number;
  sortKey: number;
}

/** The card's price, old price and picture, when they are not the product's own (a matching variant's). */
export interface CardPrice {
  price: RawBuilder<number>;
  oldPrice: RawBuilder<number | null>;
  image: RawBuilder<string | null>;
}

const productPrice: CardPrice = { price: sql`p.price`, oldPrice: sql`p.old_price`, image: sql`p.image` };

export function cardsJson(db: Db, page: AliasedRawBuilder<CardPage, 'page'>, direction: 'asc' | 'desc', price: CardPrice = productPrice) {
  return jsonArrayFrom(
    db
      .selectFrom(page)
      .innerJoin('products as p', 'p.id', 'page.id')
      .select((inner) => [
        'p.id',
        'p.name',
        'p.url',
        price.price.as('price'),
        price.oldPrice.as('oldPrice'),
        price.image.as('image'),
        'p.availability',
        'p.inStock',
        'p.rating',
        'p.reviewCount',
        jsonArrayFrom(
          inner
            .selectFrom('colors as c')
            .select(['c.id', 'c.name', 'c.url', 'c.code'])
            // By key, from the card's (few) variants: `in (…)` hashed all the colours per card.
            .where(sql<SqlBool>`c.id = any(array(${inner.selectFrom('productVariants as v').select('v.colorId').whereRef('v.productId', '=', 'p.id')}))`)
            .orderBy('c.id'),
        ).as('colors'),
        productBrandsJson(db).as('brands'),
      ])
      .orderBy('page.sortKey', direction)
      .orderBy('page.id', direction),
  );
}
