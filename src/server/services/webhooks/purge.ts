import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** Events (with their deliveries and attempts) are kept this long, then purged, unless still pending. */
export const webhookEventDays = 30;

export async function purgeWebhookEvents(db: Db): Promise<{ webhookEvents: number }> {
  const result = await db
    .deleteFrom('webhookEvents')
    .where('createdAt', '<', sql<Date>`now() - make_interval(days => ${webhookEventDays})`)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('webhookDeliveries as d').select('d.id').whereRef('d.eventId', '=', 'webhookEvents.id').where('d.status', '=', 'pending'))))
    .executeTakeFirst();
  return { webhookEvents: Number(result.numDeletedRows) };
}
