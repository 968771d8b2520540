import { toRubles } from '../../../shared/money.js';
import type { OrderDelivery } from '../../../shared/schemas/delivery.js';
import type { DeliveryKindColumn } from '../../db/tables/delivery.js';

/** An order's delivery columns, as written when it was placed (never recomputed). */
export interface DeliveryColumns {
  deliveryMethodId: number | null;
  deliveryKind: DeliveryKindColumn | null;
  deliveryName: string | null;
  deliveryEstimate: string | null;
  deliveryCost: number;
  pickupPointId: number | null;
  pickupPointName: string | null;
  pickupPointAddress: string | null;
  pickupPointHours: string | null;
}

/** The columns the order reads them from (checkout-read.ts). */
export const deliveryColumnNames = [
  'o.deliveryMethodId',
  'o.deliveryKind',
  'o.deliveryName',
  'o.deliveryEstimate',
  'o.deliveryCost',
  'o.pickupPointId',
  'o.pickupPointName',
  'o.pickupPointAddress',
  'o.pickupPointHours',
] as const;

/** No delivery chosen: a one-click order, or a shop without methods. */
export const noDelivery: DeliveryColumns = {
  deliveryMethodId: null,
  deliveryKind: null,
  deliveryName: null,
  deliveryEstimate: null,
  deliveryCost: 0,
  pickupPointId: null,
  pickupPointName: null,
  pickupPointAddress: null,
  pickupPointHours: null,
};

/** The order's delivery as the API shows it (rubles), or null when it has none. */
export function orderDeliveryOf(columns: DeliveryColumns): OrderDelivery | null {
  if (columns.deliveryKind === null) return null;
  return {
    methodId: columns.deliveryMethodId,
    kind: columns.deliveryKind,
    name: columns.deliveryName ?? '',
    estimate: columns.deliveryEstimate ?? '',
    cost: toRubles(columns.deliveryCost),
    pickupPoint:
      columns.pickupPointName === null
        ? null
        : { id: columns.pickupPointId, name: columns.pickupPointName, address: columns.pickupPointAddress ?? '', hours: columns.pickupPointHours ?? '' },
  };
}
