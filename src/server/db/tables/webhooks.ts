import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** An integrator's HTTPS endpoint and the events it subscribed to; `secret` signs each delivery. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  description: Defaulted<string>;
  events: string[];
  secret: string;
  active: Defaulted<boolean>;
  version: ColumnType<number, never, number>;
  createdAt: CreatedAt;
}

/** Something that happened, recorded in the transaction that made it happen. */
export interface WebhookEventsTable {
  id: string;
  type: string;
  data: ColumnType<unknown, string, never>;
  createdAt: CreatedAt;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint: sent until the endpoint answers 2xx or the retries run out. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpointId: number;
  eventId: string;
  status: Defaulted<WebhookDeliveryStatus>;
  attempts: Defaulted<number>;
  nextAttemptAt: Defaulted<Date | null>;
  deliveredAt: Date | null;
  createdAt: CreatedAt;
}

/** One try of a delivery: the endpoint's status code, or why no answer came. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  deliveryId: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  attemptedAt: CreatedAt;
}

export interface WebhooksTables {
  webhookEndpoints: WebhookEndpointsTable;
  webhookEvents: WebhookEventsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookAttempts: WebhookAttemptsTable;
}
