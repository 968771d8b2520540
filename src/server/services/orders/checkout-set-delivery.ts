import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { orderMessages } from '../../../shared/order-messages.js';
import type { orderDeliveryUpdateSchema } from '../../../shared/schemas/delivery.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { readCheckout } from './checkout-read.js';
import { deliveryChoice, priceDelivery } from './checkout-delivery.js';
import { deliverySummary, recordOrderChange } from './checkout-events.js';

type Input = z.output<typeof orderDeliveryUpdateSchema>;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: orderMessages.checkoutNotFound });

/** Why the delivery of an order can no longer change. */
export const onlyNewOrders = 'Доставку можно изменить только у нового заказа (в статусе «Новый»).';

/**
 * PUT /checkouts/{id}/delivery (Admin): completes a one-click order's delivery or changes it,
 * while the order is New (else 409). The address, when sent, replaces the order's; the cost is
 * priced for the order's goods as recorded (items_amount) and the total becomes goods + delivery,
 * in one transaction. Without a method the order's delivery is cleared.
 */
export async function setOrderDelivery(db: Db, input: Input, changedBy: number | null = null): Promise<Checkout> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('checkouts')
      .select(['status', 'address', 'city', 'country', 'zipCode', 'itemsAmount', 'totalAmount', 'deliveryCost', 'deliveryName', 'pickupPointName'])
      .where('id', '=', input.checkoutId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== 'New') throw new TRPCError({ code: 'CONFLICT', message: onlyNewOrders });
    const goods = row.itemsAmount ?? row.totalAmount - row.deliveryCost;
    const choice = await deliveryChoice(trx, input.deliveryMethodId, false);
    const current = input.address ?? { address: row.address, city: row.city, country: row.country, zipCode: row.zipCode };
    const { columns, address } = await priceDelivery(trx, choice, input.pickupPointId, current, goods);
    const totalAmount = goods + columns.deliveryCost;
    await trx
      .updateTable('checkouts')
      .set({ ...columns, ...address, itemsAmount: goods, totalAmount, updatedAt: new Date() })
      .where('id', '=', input.checkoutId)
      .execute();
    await recordOrderChange(trx, input.checkoutId, 'delivery', {
      before: deliverySummary(row),
      after: deliverySummary({ ...columns, address: address.address, city: address.city, totalAmount }),
      by: changedBy,
    });
    const order = await readCheckout(trx, input.checkoutId);
    if (!order) throw notFound();
    return order;
  });
}
