import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { toRubles } from '../../../shared/money.js';
import type { Product } from '../../../shared/schemas/catalogue.js';
import type { Db } from '../../db/connection.js';

/** One product as its page shows it, with every link and variant, in one statement. */

/** The brands of product `p` of the outer query, by name: on its page and on its catalogue card. */
export function productBrandsJson(db: Db) {
  // Each brand by its key: joined plainly, PostgreSQL hashes the whole brands table once per card
  // (OFFSET 0 keeps the lateral subquery from being flattened back into that join).
  return jsonArrayFrom(
    db
      .selectFrom('productBrands as pb')
      .innerJoinLateral(
        (eb) => eb.selectFrom('brands').select(['brands.id', 'brands.name', 'brands.url']).whereRef('brands.id', '=', 'pb.brandId').offset(sql.lit(0)).as('b'),
        (join) => join.onTrue(),
      )
      .select(['b.id', 'b.name', 'b.url'])
      .where('pb.productId', '=', sql.ref<number>('p.id'))
      .orderBy('b.name'),
  );
}

function productQuery(db: Db) {
  return db.selectFrom('products as p').select((eb) => [
    'p.id',
    'p.name',
    'p.url',
    'p.desc',
    'p.availability',
    'p.inStock',
    'p.price',
    'p.oldPrice',
    'p.rating',
    'p.reviewCount',
    'p.image',
    // As text: the CamelCasePlugin would otherwise rename the keys of these open objects.
    sql<string>`p.parameters::text`.as('parametersJson'),
    sql<string>`p.extra::text`.as('extraJson'),
    'p.version',
    'p.createdAt',
    'p.updatedAt',
    jsonArrayFrom(
      eb
        .selectFrom('productCategories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.categoryId')
        .select(['c.id', 'c.name', 'c.url'])
        .whereRef('pc.productId', '=', 'p.id')
        .orderBy('c.id'),
    ).as('categories'),
    productBrandsJson(db).as('brands'),
    jsonArrayFrom(
      eb
        .selectFrom('productTags as pt')
        .innerJoin('tags as t', 't.id', 'pt.tagId')
        .select(['t.id', 't.name', 't.url'])
        .whereRef('pt.productId', '=', 'p.id')
        .orderBy('t.name'),
    ).as('tags'),
    jsonArrayFrom(
      eb
        .selectFrom('productSizes as ps')
        .innerJoin('sizes as s', 's.id', 'ps.sizeId')
        .select(['s.id', 's.name', 's.url'])
        .whereRef('ps.productId', '=', 'p.id')
        .orderBy('s.id'),
    ).as('sizes'),
    jsonArrayFrom(
      eb
        .selectFrom('colors as c')
        .select(['c.id', 'c.name', 'c.url', 'c.code'])
        .where('c.id', 'in', eb.selectFrom('productVariants as v').select('v.colorId').whereRef('v.productId', '=', 'p.id'))
        .orderBy('c.id'),
    ).as('colors'),
    jsonArrayFrom(
      eb
        .selectFrom('productVariants as v')
        .select((inner) => [
          'v.id',
          'v.article',
          'v.price',
          'v.oldPrice',
          'v.stock',
          'v.images',
          jsonObjectFrom(inner.selectFrom('colors as c').select(['c.id', 'c.name', 'c.url', 'c.code']).whereRef('c.id', '=', 'v.colorId')).as(
            'color',
          ),
          jsonArrayFrom(
            inner
              .selectFrom('variantItems as i')
              .leftJoin('sizes as z', 'z.id', 'i.sizeId')
              .select(['i.id', 'i.sizeId', 'z.name as sizeName', 'i.article', 'i.barcode', 'i.stock'])
              .whereRef('i.variantId', '=', 'v.id')
              .orderBy('i.sizeId'),
          ).as('items'),
        ])
        .whereRef('v.productId', '=', 'p.id')
        .orderBy('v.position')
        .orderBy('v.id'),
    ).as('variants'),
  ]);
}

type ProductRow = NonNullable<Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirst']>>>;

function toProduct({ parametersJson, extraJson, ...row }: ProductRow): Product {
  const extra = JSON.parse(extraJson) as Record<string, unknown>;
  return {
    // The open set at the top level too, never over a field the product itself answers.
    ...Object.fromEntries(Object.entries(extra).filter(([key]) => !(key in row) && key !== 'parameters' && key !== 'extra')),
    ...row,
    price: toRubles(row.price),
    oldPrice: row.oldPrice === null ? null : toRubles(row.oldPrice),
    parameters: JSON.parse(parametersJson) as Record<string, string>,
    extra,
    variants: row.variants.map((variant) => ({
      ...variant,
      price: toRubles(variant.price),
      oldPrice: variant.oldPrice === null ? null : toRubles(variant.oldPrice),
    })),
  };
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const row = await productQuery(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return toProduct(row);
}

export async function getProductByUrl(db: Db, url: string): Promise<Product> {
  const row = await productQuery(db).where('p.url', '=', url).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return toProduct(row);
}

