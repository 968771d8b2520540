import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { claimMinutes, retryAfterMinutes } from '../platform/outbox.js';
import { signDelivery } from './signature.js';

export interface WebhooksOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often due deliveries are looked for (a new event waits at most this long). */
  pollMs: number;
  /** An endpoint that has not answered within this long counts as a failed attempt. */
  timeoutMs?: number;
}

interface Due {
  id: number;
  attempts: number;
  url: string;
  secret: string;
  eventId: string;
  type: string;
  data: unknown;
  createdAt: Date;
}

/** The body of a delivery: the same bytes at every attempt, since it is built from the stored event. */
export function deliveryBody(event: { eventId: string; type: string; data: unknown; createdAt: Date }): string {
  return JSON.stringify({ id: event.eventId, type: event.type, createdAt: new Date(event.createdAt).toISOString(), data: event.data });
}

/**
 * Sends the deliveries whose turn has come, in every instance: each is claimed first (its next
 * attempt pushed back under `for update skip locked`), so two instances never send one at the same
 * time; an endpoint's 2xx marks it delivered, anything else is tried again after the outbox pauses
 * (platform/outbox.ts) and then given up. Every attempt is kept for the back office.
 */
export class Webhooks {
  readonly #options: WebhooksOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | null = null;

  constructor(options: WebhooksOptions) {
    this.#options = options;
  }

  start(): void {
    this.#timer = setInterval(() => void this.deliverDue().catch((error: unknown) => this.#options.log.warn({ err: error }, 'webhooks: delivery round failed')), this.#options.pollMs);
    this.#timer.unref();
  }

  /** One round; a round still running is awaited instead of starting another beside it. */
  deliverDue(limit = 20): Promise<number> {
    this.#running ??= this.#round(limit).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #round(limit: number): Promise<number> {
    const { rows } = await sql<Due>`
      with claimed as (
        update webhook_deliveries set next_attempt_at = now() + make_interval(mins => ${claimMinutes})
        where id in (
          select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          where d.status = 'pending' and d.next_attempt_at <= now() and e.active
          order by d.next_attempt_at limit ${limit} for update of d skip locked
        )
        returning id, attempts, endpoint_id, event_id
      )
      select c.id, c.attempts, e.url, e.secret, v.id as "eventId", v.type, v.data, v.created_at as "createdAt"
      from claimed c join webhook_endpoints e on e.id = c.endpoint_id join webhook_events v on v.id = c.event_id
      order by c.id`.execute(this.#options.db);
    let delivered = 0;
    for (const due of rows) if (await this.#send(due)) delivered += 1;
    return delivered;
  }

  async #send(due: Due): Promise<boolean> {
    const { db, log, timeoutMs = 10_000 } = this.#options;
    const body = deliveryBody(due);
    const timestamp = Math.floor(Date.now() / 1000);
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(due.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Shop-Webhooks/1',
          'webhook-id': due.eventId,
          'webhook-event': due.type,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signDelivery(due.secret, timestamp, body),
        },
        body,
      });
      statusCode = response.status;
      await response.body?.cancel();
    } catch (cause) {
      error = cause instanceof Error ? `${cause.name}: ${cause.message}`.slice(0, 300) : 'ошибка соединения';
    }
    const durationMs = Math.round(performance.now() - started);
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const attempts = due.attempts + 1;
    const retryIn = ok ? undefined : retryAfterMinutes(attempts);
    try {
      await inTransaction(db, async (trx) => {
        await trx.insertInto('webhookAttempts').values({ deliveryId: due.id, statusCode, error, durationMs }).execute();
        await trx
          .updateTable('webhookDeliveries')
          .set({
            attempts,
            status: ok ? 'delivered' : retryIn === undefined ? 'failed' : 'pending',
            deliveredAt: ok ? new Date() : null,
            nextAttemptAt: retryIn === undefined ? null : sql<Date>`now() + make_interval(mins => ${retryIn})`,
          })
          .where('id', '=', due.id)
          .execute();
      });
    } catch (cause) {
      log.error({ err: cause, deliveryId: due.id }, 'webhooks: delivery state not saved');
    }
    if (!ok) log.warn({ deliveryId: due.id, statusCode, error, attempts }, retryIn === undefined ? 'webhook given up' : `webhook not delivered; next attempt in ${retryIn} min`);
    return ok;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running?.catch(() => undefined);
  }
}
