import { TRPCError } from '@trpc/server';
import { deliveryMessages } from '../../../shared/delivery-rules.js';
import type { Db } from '../../db/connection.js';
import type { DeliveryKindColumn } from '../../db/tables/delivery.js';
import { quoteDelivery } from '../delivery/pricing.js';
import { noDelivery, type DeliveryColumns } from '../delivery/snapshot.js';
import type { Delivery, OrderRequest } from './order-request.js';

/**
 * The delivery of an order being placed (docs/delivery.md), in its transaction: a basket checkout
 * must name an active method while the shop has one (a shop without methods takes orders without
 * delivery); a one-click or staff order may have none. The cost is computed from the goods of the
 * lines taken, and written on the order with the method's and point's names (the snapshot).
 */

export interface DeliveryChoice {
  methodId: number;
  kind: DeliveryKindColumn;
}

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** A shopper's basket checkout needs a method (while the shop has one); one click and staff's orders do not. */
export function needsMethod(request: OrderRequest): boolean {
  return request.kind !== 'staff' && !request.oneClick;
}

/** The method named, checked active; null when none is named and none is needed. */
export async function deliveryChoice(trx: Db, methodId: number | undefined, needed: boolean): Promise<DeliveryChoice | null> {
  if (methodId === undefined) {
    if (needed) {
      const active = await trx.selectFrom('deliveryMethods').select('id').where('active', '=', true).limit(1).executeTakeFirst();
      if (active) throw badRequest(deliveryMessages.methodRequired);
    }
    return null;
  }
  const method = await trx.selectFrom('deliveryMethods').select(['id', 'kind']).where('id', '=', methodId).where('active', '=', true).executeTakeFirst();
  if (!method) throw badRequest(deliveryMessages.methodUnavailable);
  return { methodId: method.id, kind: method.kind };
}

/** A pickup order without an address of its own: the point's is written instead. */
export function needsNoAddress(choice: DeliveryChoice | null, request: OrderRequest): boolean {
  return choice?.kind === 'pickup' && request.addressId === undefined && !request.address;
}

export const noAddress: Delivery & { firstName: null; lastName: null } = { address: '', city: '', country: 'Россия', zipCode: '', firstName: null, lastName: null };

/**
 * The delivery's columns and the order's address: refused (400, the rule's reason) when the
 * method cannot deliver there; a pickup order's address and city become the point's.
 */
export async function priceDelivery(
  trx: Db,
  choice: DeliveryChoice | null,
  pickupPointId: number | undefined,
  address: Delivery,
  goodsKopecks: number,
): Promise<{ columns: DeliveryColumns; address: Delivery }> {
  if (!choice) return { columns: noDelivery, address };
  const quote = await quoteDelivery(trx, { methodId: choice.methodId, pickupPointId, city: address.city, zipCode: address.zipCode, goodsKopecks });
  if (!quote.available || !quote.snapshot) throw badRequest(quote.reason ?? deliveryMessages.methodUnavailable);
  const place = quote.place ? { ...address, address: quote.place.address, city: quote.place.city } : address;
  return { columns: quote.snapshot, address: place };
}
