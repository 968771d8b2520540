import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** How long guests' records that nobody uses are kept (README → Housekeeping). */
export const guestRetention = {
  /** A guest basket that never got a line. */
  emptyBasketHours: 24,
  /** A guest basket nobody changed. */
  idleBasketDays: 30,
  /** A guest wishlist nobody changed. */
  idleWishlistDays: 90,
  /** A guest's address serves one checkout within 24 hours; the order keeps its own copy. */
  directAddressDays: 2,
};

/**
 * Deletes guests' baskets, wishlists and addresses that serve nothing any more: an empty basket
 * after a day, an unchanged basket or wishlist after its idle period, a direct address once its
 * day has passed (used or not). Orders keep their own copy of everything they need.
 */
export async function purgeGuestRecords(db: Db): Promise<{ guestBaskets: number; guestWishlists: number; guestAddresses: number }> {
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const baskets = await db
    .deleteFrom('baskets')
    .where('userId', 'is', null)
    .where('status', '=', 'Active')
    .where((eb) =>
      eb.or([
        eb('updatedAt', '<', sql<Date>`now() - make_interval(days => ${guestRetention.idleBasketDays})`),
        eb.and([
          eb('updatedAt', '<', sql<Date>`now() - make_interval(hours => ${guestRetention.emptyBasketHours})`),
          eb.not(eb.exists(eb.selectFrom('basketLines as l').select('l.id').whereRef('l.basketId', '=', 'baskets.id'))),
        ]),
      ]),
    )
    .executeTakeFirst();
  const wishlists = await db
    .deleteFrom('wishlists')
    .where('userId', 'is', null)
    .where('updatedAt', '<', sql<Date>`now() - make_interval(days => ${guestRetention.idleWishlistDays})`)
    .executeTakeFirst();
  const addresses = await db
    .deleteFrom('addresses')
    .where('userId', 'is', null)
    .where('createdAt', '<', sql<Date>`now() - make_interval(days => ${guestRetention.directAddressDays})`)
    .executeTakeFirst();
  return { guestBaskets: count(baskets), guestWishlists: count(wishlists), guestAddresses: count(addresses) };
}
