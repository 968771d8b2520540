import type { Generated } from 'kysely';
import type { CreatedAt } from './columns.js';

export type StockAlertKind = 'restock' | 'price';

/** A shopper waiting for an item to come back or get cheaper (migrations/0021_stock_alerts.ts). */
export interface StockAlertsTable {
  id: Generated<number>;
  variantId: number;
  sizeId: number | null;
  kind: StockAlertKind;
  email: string;
  userId: number | null;
  /** Kopecks: the price the shopper saw (price alerts only). */
  seenPrice: number | null;
  mailId: string;
  confirmTokenHash: string | null;
  confirmedAt: Date | null;
  notifiedAt: Date | null;
  createdAt: CreatedAt;
}

export interface StockAlertsTables {
  stockAlerts: StockAlertsTable;
}
