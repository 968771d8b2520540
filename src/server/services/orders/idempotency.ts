import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { orderMessages } from '../../../shared/order-messages.js';
import { idempotencyKeySchema } from '../../../shared/schemas/orders.js';
import type { Db } from '../../db/connection.js';
import type { OrderRequest } from './order-request.js';

/**
 * An idempotency key belongs to its caller and to the request it first answered: it is unique
 * within the caller's scope (a user, the staff member, a guest's basket, or the guests' common
 * scope for a one-click order without a basket), and the hash of the request is kept with the
 * order. A repeat of the same request answers the same order; the same key with another request
 * is refused with 422, never answered with someone else's order.
 */
export interface OrderKey {
  scope: string;
  key: string;
  requestHash: string;
}

/** The key of a request: the `Idempotency-Key` header (checked like the body's field), else the body's. */
export function requestKey(header: string | null, fromBody: string | undefined): string | null {
  if (header === null) return fromBody ?? null;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', message: `Idempotency-Key: ${parsed.error.issues[0]?.message ?? ''}` });
  return parsed.data;
}

function scopeOf(request: OrderRequest): string {
  if (request.kind === 'user') return `user:${request.userId}`;
  if (request.kind === 'staff') return `staff:${request.placedBy}`;
  return request.basketId ? `basket:${request.basketId}` : 'guest';
}

/** JSON with keys in a fixed order and undefined left out: equal requests hash equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function orderKeyOf(request: OrderRequest): OrderKey | null {
  if (!request.idempotencyKey) return null;
  const { idempotencyKey: key, ...asked } = request;
  return { scope: scopeOf(request), key, requestHash: createHash('sha256').update(canonical(asked)).digest('hex') };
}

/** The order this key already answered in its scope, or null; 422 when the key served another request. */
export async function orderByKey(db: Db, orderKey: OrderKey | null): Promise<number | null> {
  if (!orderKey) return null;
  const row = await db
    .selectFrom('checkouts')
    .select(['id', 'requestHash'])
    .where('idempotencyScope', '=', orderKey.scope)
    .where('idempotencyKey', '=', orderKey.key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.requestHash !== null && row.requestHash !== orderKey.requestHash) {
    throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: orderMessages.idempotencyReused });
  }
  return row.id;
}

/** Two submits with one key at the same instant: the second insert meets the first's row. */
export function isKeyClash(error: unknown): boolean {
  return error instanceof Error && 'constraint' in error && error.constraint === 'checkouts_idempotency_key';
}
