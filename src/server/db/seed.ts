import { markDemoSeeded } from '../services/platform/app-state.js';
import type { Db } from './connection.js';
import { seedAccounts } from './seed-data/accounts.js';
import { seedCatalogue } from './seed-data/catalogue.js';
import { seedContent } from './seed-data/content.js';
import { seedDelivery } from './seed-data/delivery.js';
import { seedMedia } from './seed-data/media.js';
import { seedOrders } from './seed-data/orders.js';
import { seedReviews } from './seed-data/reviews.js';
import { neverStop, stopIfAsked, type SeedStop } from './seed-stop.js';

/**
 * Russian demo data, one file per domain under seed-data/; idempotent, so `npm run seed` may run
 * on any database. A fresh embedded database gets it at first start. All of it, and the mark
 * that it is there, is one transaction: an interrupted seed leaves nothing and runs again.
 */
export async function seedDemoData(db: Db, options: { production: boolean; stop?: SeedStop }): Promise<void> {
  const stop = options.stop ?? neverStop;
  await db.transaction().execute(async (trx) => {
    const steps: Array<() => Promise<unknown>> = [
      () => seedAccounts(trx, options),
      () => seedCatalogue(trx),
      () => seedMedia(trx, undefined, stop),
      () => seedOrders(trx, options),
      () => seedDelivery(trx),
      () => seedReviews(trx, options),
      () => seedContent(trx),
    ];
    for (const step of steps) {
      stopIfAsked(stop);
      await step();
    }
    stopIfAsked(stop);
    await markDemoSeeded(trx);
  });
}
