import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/**
 * Which event types some active endpoint listens to, known in this process so that a change nobody
 * listens to (the usual case: a shop without webhooks) writes nothing and costs no statement inside
 * its transaction, where it would hold the stock's row locks longer (the checkout bench lost a third
 * of its hot-item throughput to it). Endpoint edits in this process refresh it at once; edits made
 * by another instance are seen within `subscriptionRefreshMs`.
 */
export const subscriptionRefreshMs = 2_000;

let known: { types: ReadonlySet<string>; at: number } | null = null;

export function forgetSubscriptions(): void {
  known = null;
}

export async function isSubscribed(db: Db, type: string): Promise<boolean> {
  if (!known || Date.now() - known.at > subscriptionRefreshMs) {
    const rows = await db.selectFrom('webhookEndpoints').select(sql<string>`unnest(events)`.as('type')).where('active', '=', true).execute();
    known = { types: new Set(rows.map((row) => row.type)), at: Date.now() };
  }
  return known.types.has(type);
}
