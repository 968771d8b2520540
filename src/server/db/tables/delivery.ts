import type { Generated } from 'kysely';
import type { CreatedAt, Defaulted, UpdatedAt, Version } from './columns.js';

/** Tables of the delivery domain (migrations/0023_delivery.ts). Money is kopecks. */

export type DeliveryKindColumn = 'courier' | 'pickup' | 'post';

export interface DeliveryMethodsTable {
  id: Generated<number>;
  kind: DeliveryKindColumn;
  name: string;
  description: Defaulted<string>;
  /** Kopecks: the price of pickup and post (a courier is priced by its zones). */
  price: Defaulted<number>;
  /** Kopecks: from this goods' amount delivery is free; null: never. */
  freeFrom: number | null;
  minDays: Defaulted<number>;
  maxDays: Defaulted<number>;
  active: Defaulted<boolean>;
  position: Defaulted<number>;
  version: Version;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface DeliveryZonesTable {
  id: Generated<number>;
  methodId: number;
  name: string;
  cities: string[];
  price: Defaulted<number>;
  freeFrom: number | null;
  minDays: Defaulted<number>;
  maxDays: Defaulted<number>;
  position: Defaulted<number>;
}

export interface PickupPointsTable {
  id: Generated<number>;
  name: string;
  city: string;
  address: string;
  hours: Defaulted<string>;
  latitude: number;
  longitude: number;
  active: Defaulted<boolean>;
  position: Defaulted<number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface DeliveryTables {
  deliveryMethods: DeliveryMethodsTable;
  deliveryZones: DeliveryZonesTable;
  pickupPoints: PickupPointsTable;
}
