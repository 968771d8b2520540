import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** A guest's alert never confirmed goes after this many days (as an unconfirmed newsletter address does). */
export const unconfirmedAlertDays = 30;
/** A done alert (its letter sent) is kept this long, so its letter's cancel page still finds it. */
export const doneAlertDays = 30;

/** For the hourly housekeeping: alerts nobody confirmed, and alerts done long ago. */
export async function purgeStockAlerts(db: Db): Promise<{ stockAlerts: number }> {
  const result = await db
    .deleteFrom('stockAlerts')
    .where((eb) =>
      eb.or([
        eb.and([eb('confirmedAt', 'is', null), eb('createdAt', '<', sql<Date>`now() - make_interval(days => ${unconfirmedAlertDays})`)]),
        eb('notifiedAt', '<', sql<Date>`now() - make_interval(days => ${doneAlertDays})`),
      ]),
    )
    .executeTakeFirst();
  return { stockAlerts: Number(result.numDeletedRows) };
}
