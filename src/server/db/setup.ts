import type { Config } from '../config.js';
import { ensureAdmin } from '../services/admin-bootstrap.js';
import { openDatabase, type DatabaseHandle } from './connection.js';
import { migrateToLatest } from './migrate.js';
import { seedDemoData } from './seed.js';

/**
 * Opens the configured database and brings it up to date: migrations, the first Admin, and —
 * for a fresh embedded database only (PRODUCT.md) — the demo catalogue.
 */
export async function prepareDatabase(config: Config, log: (message: string) => void): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await migrateToLatest(handle.db);
    if (report.applied.length) log(`Applied migrations: ${report.applied.join(', ')}`);
    if (handle.kind === 'pglite' && report.wasEmpty) {
      await seedDemoData(handle.db, { production: config.env === 'production' });
      log('Fresh embedded database: demo data added');
    }
    const admin = await ensureAdmin(handle.db, config.admin);
    if (admin === 'created') log(`Admin ${config.admin?.email ?? ''} created`);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
