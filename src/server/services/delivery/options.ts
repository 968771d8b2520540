import { toRubles } from '../../../shared/money.js';
import type { DeliveryOptions } from '../../../shared/schemas/delivery.js';
import type { Db } from '../../db/connection.js';
import { storedMethods, toDeliveryMethod } from './methods.js';
import { listPoints } from './points.js';

/**
 * What the checkout and the basket show (GET /delivery/options): the active methods by position,
 * the active pickup points, and the lowest free-delivery threshold over the active methods and
 * their zones (the basket's «ещё N ₽ до бесплатной доставки»). Read on every call: a handful of rows.
 */
export async function deliveryOptions(db: Db): Promise<DeliveryOptions> {
  const [methods, pickupPoints] = await Promise.all([storedMethods(db, { activeOnly: true }), listPoints(db, true)]);
  const thresholds = methods.flatMap((method) => (method.kind === 'courier' ? method.zones.map((zone) => zone.freeFrom) : [method.freeFrom]));
  const known = thresholds.filter((value): value is number => value !== null);
  return {
    methods: methods.map(toDeliveryMethod),
    pickupPoints,
    freeFrom: known.length ? toRubles(Math.min(...known)) : null,
  };
}
