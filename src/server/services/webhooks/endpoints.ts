import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { Webhook, WebhookDelivery, WebhookInput } from '../../../shared/schemas/webhooks.js';
import { webhookInputSchema } from '../../../shared/schemas/webhooks.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { missingOrStale, nextVersion, sameVersion } from '../platform/versioned.js';
import { recordEvents } from './events.js';
import { newWebhookSecret } from './signature.js';
import { forgetSubscriptions } from './subscriptions.js';

/** Plain http is for development and tests (WEBHOOKS_ALLOW_HTTP); integrators get HTTPS. */
export function endpointUrlProblem(url: string, allowHttp: boolean): string | null {
  return !allowHttp && new URL(url).protocol !== 'https:' ? 'Адрес вебхука должен начинаться с https://' : null;
}

function checkUrl(url: string, allowHttp: boolean): void {
  const problem = endpointUrlProblem(url, allowHttp);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
}

const columns = ['id', 'url', 'description', 'events', 'active', 'secret', 'version', 'createdAt'] as const;
type Row = { id: number; url: string; description: string; events: string[]; active: boolean; secret: string; version: number; createdAt: Date };

function shown(row: Row): Webhook {
  const { secret, ...rest } = row;
  return { ...rest, secretHint: `…${secret.slice(-4)}` };
}

export async function listWebhooks(db: Db): Promise<{ rows: Webhook[]; length: number }> {
  const rows = await db.selectFrom('webhookEndpoints').select(columns).orderBy('id').execute();
  return { rows: rows.map(shown), length: rows.length };
}

export async function getWebhook(db: Db, id: number): Promise<Webhook> {
  const row = await db.selectFrom('webhookEndpoints').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return shown(row);
}

/** The secret is answered here once; later reads show only its last four characters. */
export async function createWebhook(db: Db, input: WebhookInput, allowHttp: boolean): Promise<Webhook & { secret: string }> {
  const fields = webhookInputSchema.parse(input);
  checkUrl(fields.url, allowHttp);
  const row = await db
    .insertInto('webhookEndpoints')
    .values({ ...fields, secret: newWebhookSecret() })
    .returning(columns)
    .executeTakeFirstOrThrow();
  forgetSubscriptions();
  return { ...shown(row), secret: row.secret };
}

export async function updateWebhook(db: Db, id: number, input: WebhookInput, allowHttp: boolean, version?: number): Promise<Webhook> {
  const fields = webhookInputSchema.parse(input);
  checkUrl(fields.url, allowHttp);
  const row = await db
    .updateTable('webhookEndpoints')
    .set({ ...fields, version: nextVersion })
    .where('id', '=', id)
    .where(sameVersion(version))
    .returning(columns)
    .executeTakeFirst();
  forgetSubscriptions();
  if (!row) throw await missingOrStale(db, 'webhookEndpoints', id);
  return shown(row);
}

/** Its deliveries and their attempts go with it. */
export async function deleteWebhook(db: Db, id: number): Promise<{ ok: true }> {
  const result = await db.deleteFrom('webhookEndpoints').where('id', '=', id).executeTakeFirst();
  forgetSubscriptions();
  if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
  return { ok: true };
}

/** A `ping` event for this endpoint alone: the integrator checks the signature end to end. */
export async function pingWebhook(db: Db, id: number): Promise<{ eventId: string }> {
  const endpoint = await getWebhook(db, id);
  if (!endpoint.active) throw new TRPCError({ code: 'CONFLICT', message: 'Вебхук выключен: включите его, чтобы отправить проверку' });
  const [eventId] = await inTransaction(db, (trx) => recordEvents(trx, 'ping', [{ webhookId: id }], id));
  if (!eventId) throw new TRPCError({ code: 'NOT_FOUND' });
  return { eventId };
}

interface DeliveryQuery {
  webhookId: number;
  limit: number;
  offset: number;
  status?: WebhookDelivery['status'] | undefined;
}

/** The newest deliveries first, each with its last five attempts. */
export async function listDeliveries(db: Db, query: DeliveryQuery): Promise<{ rows: WebhookDelivery[]; length: number }> {
  await getWebhook(db, query.webhookId);
  const base = db
    .selectFrom('webhookDeliveries as d')
    .where('d.endpointId', '=', query.webhookId)
    .$if(query.status !== undefined, (q) => q.where('d.status', '=', query.status ?? 'pending'));
  const [rows, count] = await Promise.all([
    base
      .innerJoin('webhookEvents as v', 'v.id', 'd.eventId')
      .select(['d.id', 'd.eventId', 'v.type as eventType', 'd.status', 'd.nextAttemptAt', 'd.deliveredAt', 'd.createdAt'])
      .select((eb) => [
        eb.selectFrom('webhookAttempts as a').whereRef('a.deliveryId', '=', 'd.id').select((c) => c.fn.countAll<string>().as('n')).as('attempts'),
        sql<WebhookDelivery['lastAttempts']>`coalesce((
          select json_agg(json_build_object('statusCode', a.status_code, 'error', a.error, 'durationMs', a.duration_ms, 'attemptedAt', a.attempted_at) order by a.id desc)
          from (select * from webhook_attempts where delivery_id = d.id order by id desc limit 5) a
        ), '[]'::json)`.as('lastAttempts'),
      ])
      .orderBy('d.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      attempts: Number(row.attempts ?? 0),
      lastAttempts: row.lastAttempts.map((attempt) => ({ ...attempt, attemptedAt: new Date(attempt.attemptedAt) })),
    })),
    length: Number(count.n),
  };
}

/** A delivery given up (or still waiting) is sent again at the next round, with a fresh schedule. */
export async function retryDelivery(db: Db, webhookId: number, deliveryId: number): Promise<{ ok: true }> {
  const row = await db
    .updateTable('webhookDeliveries')
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql<Date>`now()`, deliveredAt: null })
    .where('id', '=', deliveryId)
    .where('endpointId', '=', webhookId)
    .where('status', '!=', 'delivered')
    .returning('id')
    .executeTakeFirst();
  if (row) return { ok: true };
  const exists = await db.selectFrom('webhookDeliveries').select('id').where('id', '=', deliveryId).where('endpointId', '=', webhookId).executeTakeFirst();
  throw exists ? new TRPCError({ code: 'CONFLICT', message: 'Доставка уже выполнена: получатель ответил 2xx' }) : new TRPCError({ code: 'NOT_FOUND' });
}
