import {
  courierUnavailableMessage,
  deliveryCost,
  deliveryEstimate,
  deliveryMessages,
  isPostcode,
  normalizeCity,
  spanOf,
  zoneForCity,
} from '../../../shared/delivery-rules.js';
import type { Db } from '../../db/connection.js';
import type { DeliveryKindColumn } from '../../db/tables/delivery.js';
import { storedMethods } from './methods.js';

/**
 * The price of a delivery (docs/delivery.md), read in the caller's transaction: the checkout's
 * (the cost written on the order) or none (the live quote). Amounts are kopecks.
 * - courier: the first zone whose cities contain the city (normalizeCity); no zone, no courier;
 * - pickup: an active pickup point is required; the order's address becomes the point's;
 * - post: everywhere, with a six-digit postcode;
 * - cost: 0 from the rule's `freeFrom` on (the goods' amount, inclusive), else the price.
 */

/** The delivery columns of a checkout (its snapshot). */
export interface DeliverySnapshot {
  deliveryMethodId: number;
  deliveryKind: DeliveryKindColumn;
  deliveryName: string;
  deliveryEstimate: string;
  deliveryCost: number;
  pickupPointId: number | null;
  pickupPointName: string | null;
  pickupPointAddress: string | null;
  pickupPointHours: string | null;
}

export interface DeliveryQuoteResult {
  available: boolean;
  reason: string | null;
  cost: number;
  estimate: string;
  freeFrom: number | null;
  /** Set when available: what the order records. */
  snapshot: DeliverySnapshot | null;
  /** A pickup order's place: the order's city and address become these. */
  place: { city: string; address: string } | null;
}

export interface QuoteRequest {
  methodId: number;
  pickupPointId?: number | undefined;
  city: string;
  /** Undefined: not known yet (a live quote); the checkout always passes the order's. */
  zipCode?: string | undefined;
  goodsKopecks: number;
}

const unavailable = (reason: string, estimate = ''): DeliveryQuoteResult => ({ available: false, reason, cost: 0, estimate, freeFrom: null, snapshot: null, place: null });

export async function quoteDelivery(db: Db, request: QuoteRequest): Promise<DeliveryQuoteResult> {
  const [method] = await storedMethods(db, { activeOnly: true, ids: [request.methodId] });
  if (!method) return unavailable(deliveryMessages.methodUnavailable);
  const base = { deliveryMethodId: method.id, deliveryKind: method.kind, deliveryName: method.name, pickupPointId: null, pickupPointName: null, pickupPointAddress: null, pickupPointHours: null };
  const priced = (rule: { price: number; freeFrom: number | null; minDays: number; maxDays: number }, extra: Partial<DeliverySnapshot> = {}, place: DeliveryQuoteResult['place'] = null): DeliveryQuoteResult => {
    const cost = deliveryCost(rule.price, rule.freeFrom, request.goodsKopecks);
    const estimate = deliveryEstimate(rule.minDays, rule.maxDays);
    return { available: true, reason: null, cost, estimate, freeFrom: rule.freeFrom, snapshot: { ...base, deliveryEstimate: estimate, deliveryCost: cost, ...extra }, place };
  };

  if (method.kind === 'courier') {
    const span = spanOf(method.zones) ?? method;
    const overall = deliveryEstimate(span.minDays, span.maxDays);
    if (!normalizeCity(request.city)) return unavailable(deliveryMessages.cityRequired, overall);
    const zone = zoneForCity(method.zones, request.city);
    if (!zone) return unavailable(courierUnavailableMessage(request.city), overall);
    return priced(zone);
  }

  const estimate = deliveryEstimate(method.minDays, method.maxDays);
  if (method.kind === 'pickup') {
    if (request.pickupPointId === undefined) return unavailable(deliveryMessages.pickupPointRequired, estimate);
    const point = await db
      .selectFrom('pickupPoints')
      .select(['id', 'name', 'city', 'address', 'hours'])
      .where('id', '=', request.pickupPointId)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!point) return unavailable(deliveryMessages.pickupPointUnavailable, estimate);
    return priced(
      method,
      { pickupPointId: point.id, pickupPointName: point.name, pickupPointAddress: `${point.city}, ${point.address}`, pickupPointHours: point.hours },
      { city: point.city, address: point.address },
    );
  }

  if (request.zipCode !== undefined && !isPostcode(request.zipCode)) return unavailable(deliveryMessages.postcodeRequired, estimate);
  return priced(method);
}
