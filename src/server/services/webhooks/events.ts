import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Product } from '../../../shared/schemas/catalogue.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import type { WebhookEventType } from '../../../shared/schemas/webhooks.js';
import type { Db } from '../../db/connection.js';
import { isSubscribed } from './subscriptions.js';

/**
 * Records events in the caller's transaction, with one delivery for every active endpoint
 * subscribed to their type, in one statement. Nothing is written, and no statement is sent, when no
 * endpoint listens (subscriptions.ts). The deliveries go out after the commit
 * (delivery.ts); a rolled-back change leaves no event behind.
 */
export async function recordEvents(trx: Db, type: WebhookEventType, data: readonly object[], onlyEndpoint?: number): Promise<string[]> {
  if (!data.length || (onlyEndpoint === undefined && !(await isSubscribed(trx, type)))) return [];
  const ids = data.map(() => randomUUID());
  const bodies = data.map((item) => JSON.stringify(item));
  const only = onlyEndpoint ?? null;
  const { rows } = await sql<{ id: string }>`
    with endpoints as (
      select id from webhook_endpoints
      where case when ${only}::int is null then active and ${type} = any(events) else id = ${only}::int end
    ), event as (
      insert into webhook_events (id, type, data)
      select e.id, ${type}, e.data::jsonb from unnest(${ids}::text[], ${bodies}::text[]) as e(id, data)
      where exists (select 1 from endpoints)
      returning id
    )
    insert into webhook_deliveries (endpoint_id, event_id)
    select endpoints.id, event.id from endpoints cross join event
    returning event_id as id`.execute(trx);
  return [...new Set(rows.map((row) => row.id))];
}

export function recordEvent(trx: Db, type: WebhookEventType, data: object): Promise<string[]> {
  return recordEvents(trx, type, [data]);
}

/**
 * The stock of variants after a change: one `stock.changed` event per variant, with the colour's
 * total and each size's stock (read only when some endpoint listens).
 */
export async function recordStockChanges(trx: Db, variants: ReadonlyArray<{ id: number; productId: number; stock: number }>): Promise<string[]> {
  if (!variants.length || !(await isSubscribed(trx, 'stock.changed'))) return [];
  const items = await trx
    .selectFrom('variantItems')
    .select(['variantId', 'sizeId', 'article', 'barcode', 'stock'])
    .where('variantId', 'in', variants.map((variant) => variant.id))
    .orderBy('variantId')
    .orderBy('sizeId')
    .execute();
  return recordEvents(
    trx,
    'stock.changed',
    variants.map((variant) => ({
      variantId: variant.id,
      productId: variant.productId,
      stock: variant.stock,
      items: items.filter((item) => item.variantId === variant.id).map(({ variantId: _variant, ...item }) => item),
    })),
  );
}

/**
 * What an order event tells: the order's id, status, totals and lines, without the buyer's name,
 * e-mail, phone or address (an integrator who needs them reads the order with an admin token).
 */
export function orderEventData(order: Checkout, previousStatus?: Checkout['status']): object {
  return {
    checkoutId: order.id,
    status: order.status,
    ...(previousStatus ? { previousStatus } : {}),
    totalAmount: order.totalAmount,
    // The goods and the delivery's cost (docs/delivery.md): totalAmount = itemsAmount + deliveryCost.
    itemsAmount: order.itemsAmount,
    deliveryCost: order.delivery?.cost ?? 0,
    totalQuantity: order.totalQuantity,
    lines: order.lines.map((line) => ({ productId: line.productId, variantId: line.variantId, sizeId: line.sizeId, quantity: line.quantity, price: line.price })),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** What a product event tells: enough to find the product and its variants' prices and stock. */
export function productEventData(product: Product): object {
  return {
    productId: product.id,
    url: product.url,
    name: product.name,
    availability: product.availability,
    variants: product.variants.map((variant) => ({ variantId: variant.id, article: variant.article, price: variant.price, stock: variant.stock })),
  };
}
