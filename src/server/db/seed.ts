import { markDemoSeeded } from '../services/app-state.js';
import type { Db } from './connection.js';
import { seedAccounts } from './seed-data/accounts.js';
import { seedCatalogue } from './seed-data/catalogue.js';
import { seedMedia } from './seed-data/media.js';
import { seedOrders } from './seed-data/orders.js';

/**
 * Russian demo data, one file per domain under seed-data/; idempotent, so `npm run seed` may run
 * on any database. A fresh embedded database gets it at first start. All of it, and the mark
 * that it is there, is one transaction: an interrupted seed leaves nothing and runs again.
 */
export async function seedDemoData(db: Db, options: { production: boolean }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await seedAccounts(trx, options);
    await seedCatalogue(trx);
    await seedMedia(trx);
    await seedOrders(trx, options);
    await markDemoSeeded(trx);
  });
}
