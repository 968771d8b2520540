import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { toRubles } from '../../../shared/money.js';
import { orderMessages } from '../../../shared/order-messages.js';
import type { ProductCard } from '../../../shared/schemas/catalogue.js';
import type { Wishlist } from '../../../shared/schemas/orders.js';
import type { AuthUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: orderMessages.wishlistNotFound });

interface WishlistRow {
  id: string;
  userId: number | null;
  createdAt: Date;
  updatedAt: Date;
  products: number[];
}

function wishlistQuery(db: Db) {
  return db
    .selectFrom('wishlists as w')
    .select([
      'w.id',
      'w.userId',
      'w.createdAt',
      'w.updatedAt',
      sql<number[]>`array(select wp.product_id from wishlist_products wp where wp.wishlist_id = w.id order by wp.position, wp.product_id)`.as('products'),
    ]);
}

function mayUse(row: { userId: number | null }, caller: AuthUser | null, reading: boolean): boolean {
  return row.userId === null || row.userId === caller?.id || (reading && caller?.role === 'Admin');
}

export async function getWishlist(db: Db, id: string, caller: AuthUser | null): Promise<Wishlist> {
  const row: WishlistRow | undefined = await wishlistQuery(db).where('w.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  if (!mayUse(row, caller, true)) throw new TRPCError({ code: 'FORBIDDEN' });
  return row;
}

async function writeProducts(trx: Db, wishlistId: string, products: readonly number[]): Promise<void> {
  const unique = [...new Set(products)];
  if (unique.length) {
    const known = await trx.selectFrom('products').select('id').where('id', 'in', unique).execute();
    const knownIds = new Set(known.map((row) => row.id));
    const missing = unique.find((id) => !knownIds.has(id));
    if (missing !== undefined) throw new TRPCError({ code: 'BAD_REQUEST', message: `${orderMessages.unknownProduct}${missing}` });
  }
  await trx.deleteFrom('wishlistProducts').where('wishlistId', '=', wishlistId).execute();
  if (unique.length) {
    await trx.insertInto('wishlistProducts').values(unique.map((productId, position) => ({ wishlistId, productId, position }))).execute();
  }
}

export async function createWishlist(db: Db, products: readonly number[], caller: AuthUser | null): Promise<Wishlist> {
  const id = await inTransaction(db, async (trx) => {
    const row = await trx.insertInto('wishlists').values({ userId: caller?.id ?? null }).returning('id').executeTakeFirstOrThrow();
    await writeProducts(trx, row.id, products);
    return row.id;
  });
  return getWishlist(db, id, caller);
}

export async function updateWishlist(db: Db, id: string, products: readonly number[], caller: AuthUser | null): Promise<Wishlist> {
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('wishlists').select('userId').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (!mayUse(row, caller, false)) throw new TRPCError({ code: 'FORBIDDEN' });
    await writeProducts(trx, id, products);
    await trx.updateTable('wishlists').set({ updatedAt: new Date() }).where('id', '=', id).execute();
  });
  return getWishlist(db, id, caller);
}

export async function deleteWishlist(db: Db, id: string, caller: AuthUser | null): Promise<{ ok: true }> {
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('wishlists').select('userId').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (!mayUse(row, caller, false)) throw new TRPCError({ code: 'FORBIDDEN' });
    await trx.deleteFrom('wishlists').where('id', '=', id).execute();
  });
  return { ok: true };
}

/** GET /wishlists (Admin). */
export async function listWishlists(db: Db, input: { userId?: number | undefined; limit: number; offset: number }): Promise<{ rows: Wishlist[]; length: number }> {
  let rows = wishlistQuery(db);
  let count = db.selectFrom('wishlists as w').select((eb) => eb.fn.countAll<string>().as('n'));
  if (input.userId !== undefined) {
    rows = rows.where('w.userId', '=', input.userId);
    count = count.where('w.userId', '=', input.userId);
  }
  const [page, total] = await Promise.all([
    rows.orderBy('w.updatedAt', 'desc').orderBy('w.id').limit(input.limit).offset(input.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: page, length: Number(total.n) };
}

/** A card as the statement gives it: prices in kopecks, and its place in the list. */
type CardRow = ProductCard & { position?: number };

/**
 * GET /wishlists/wishlistProducts/{id}: the products as catalogue cards (current price,
 * availability, image, colours, brands), in one statement, in the order they were added.
 */
export async function wishlistProducts(db: Db, id: string, caller: AuthUser | null): Promise<ProductCard[]> {
  const { rows } = await sql<{ userId: number | null; found: boolean; cards: CardRow[] | null }>`
    select w.user_id as "userId", true as found, (
      select json_agg(card order by card.position, card.id) from (
        select p.id, p.name, p.url, p.price, p.old_price as "oldPrice", p.availability, p.in_stock as "inStock",
          p.rating, p.review_count as "reviewCount", p.image, wp.position,
          coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'url', c.url, 'code', c.code) order by c.id)
            from colors c where c.id in (select v.color_id from product_variants v where v.product_id = p.id)), '[]') as colors,
          coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name, 'url', b.url) order by b.name)
            from product_brands pb join brands b on b.id = pb.brand_id where pb.product_id = p.id), '[]') as brands
        from wishlist_products wp join products p on p.id = wp.product_id
        where wp.wishlist_id = w.id
      ) card
    ) as cards
    from wishlists w where w.id = ${id}`.execute(db);
  const row = rows[0];
  if (!row) throw notFound();
  if (!mayUse(row, caller, true)) throw new TRPCError({ code: 'FORBIDDEN' });
  return (row.cards ?? []).map((card) => {
    const { position: _position, ...rest } = card;
    return { ...rest, price: toRubles(card.price), oldPrice: card.oldPrice === null ? null : toRubles(card.oldPrice) };
  });
}
