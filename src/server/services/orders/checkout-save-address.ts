import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { insertOwnAddress } from './addresses.js';
import type { Delivery } from './order-request.js';

/**
 * «Сохранить адрес» at a signed-in checkout (docs/orders.md): the typed address joins the
 * shopper's addresses inside the order's transaction, unless they already keep the same one
 * (address, city, postcode and country compared without letter case). Their first address
 * becomes the default, as anywhere else.
 */
export async function saveOrderAddress(
  trx: Db,
  userId: number,
  who: { firstName: string; lastName: string; phone: string },
  delivery: Delivery,
): Promise<void> {
  const same = await trx
    .selectFrom('addresses')
    .select('id')
    .where('userId', '=', userId)
    .where(sql<boolean>`lower(address) = lower(${delivery.address})`)
    .where(sql<boolean>`lower(city) = lower(${delivery.city})`)
    .where(sql<boolean>`lower(country) = lower(${delivery.country})`)
    .where('zipCode', '=', delivery.zipCode)
    .executeTakeFirst();
  if (same) return;
  await insertOwnAddress(trx, { ...who, ...delivery }, userId);
}
