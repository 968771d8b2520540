import { TRPCError } from '@trpc/server';
import { domainMessages } from '../../../shared/errors.js';
import { countRu } from '../../../shared/plural.js';
import type { Db } from '../../db/connection.js';

const products = ['товар', 'товара', 'товаров'] as const;
const subcategories = ['подкатегория', 'подкатегории', 'подкатегорий'] as const;
const reviews = ['отзыв', 'отзыва', 'отзывов'] as const;
const questions = ['вопрос', 'вопроса', 'вопросов'] as const;
const orders = ['заказ', 'заказа', 'заказов'] as const;

/** A record that something refers to: what, and how many of each. */
export type DependentsOf = { table: 'categories' | 'colors' | 'brands' | 'tags' | 'sizes' | 'products'; id: number };

async function countOf(query: Promise<{ count: number | string | bigint } | undefined>): Promise<number> {
  return Number((await query)?.count ?? 0);
}

async function describe(db: Db, { table, id }: DependentsOf): Promise<string[]> {
  const parts: string[] = [];
  const add = (count: number, forms: readonly [string, string, string]) => {
    if (count > 0) parts.push(countRu(count, forms));
  };
  switch (table) {
    case 'categories':
      add(await countOf(db.selectFrom('categories').select((eb) => eb.fn.countAll().as('count')).where('parentId', '=', id).executeTakeFirst()), subcategories);
      add(await countOf(db.selectFrom('productCategories').select((eb) => eb.fn.countAll().as('count')).where('categoryId', '=', id).executeTakeFirst()), products);
      break;
    case 'colors':
      add(
        await countOf(db.selectFrom('productVariants').select((eb) => eb.fn.count('productId').distinct().as('count')).where('colorId', '=', id).executeTakeFirst()),
        products,
      );
      break;
    case 'brands':
      add(await countOf(db.selectFrom('productBrands').select((eb) => eb.fn.countAll().as('count')).where('brandId', '=', id).executeTakeFirst()), products);
      break;
    case 'tags':
      add(await countOf(db.selectFrom('productTags').select((eb) => eb.fn.countAll().as('count')).where('tagId', '=', id).executeTakeFirst()), products);
      break;
    case 'sizes':
      add(await countOf(db.selectFrom('productSizes').select((eb) => eb.fn.countAll().as('count')).where('sizeId', '=', id).executeTakeFirst()), products);
      break;
    case 'products':
      add(await countOf(db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('count')).where('productId', '=', id).executeTakeFirst()), reviews);
      add(await countOf(db.selectFrom('questions').select((eb) => eb.fn.countAll().as('count')).where('productId', '=', id).executeTakeFirst()), questions);
      add(
        await countOf(db.selectFrom('checkoutLines').select((eb) => eb.fn.count('checkoutId').distinct().as('count')).where('productId', '=', id).executeTakeFirst()),
        orders,
      );
      break;
  }
  return parts;
}

/**
 * The shop refuses to delete a record that others use, and says what uses it: «Удалить
 * невозможно, В файле есть дополнительные данные: 3 подкатегории, 12 товаров» (docs/catalogue.md).
 * Checked before the delete for the words; the foreign keys still refuse a delete that races a new
 * reference (with the bare refusal, without the list).
 */
export async function refuseIfReferenced(db: Db, record: DependentsOf): Promise<void> {
  const parts = await describe(db, record);
  if (!parts.length) return;
  const offer = record.table === 'products' ? `. ${domainMessages.withdrawInstead}` : '';
  throw new TRPCError({ code: 'CONFLICT', message: `${domainMessages.hasDependents}: ${parts.join(', ')}${offer}` });
}
