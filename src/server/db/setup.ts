import type { Config } from '../config.js';
import { ensureAdmin } from '../services/accounts/admin-bootstrap.js';
import { isDemoSeeded } from '../services/platform/app-state.js';
import { openDatabase, requestTimeouts, type DatabaseHandle, type Db } from './connection.js';
import { isDatabaseUnavailable } from './errors.js';
import { migrateToLatest } from './migrate.js';
import { seedDemoData } from './seed.js';
import { SeedInterrupted } from './seed-stop.js';

export interface PrepareOptions {
  log: (message: string) => void;
  /** Asked between steps: a shutdown requested during start-up skips the steps not yet begun. */
  stopping?: () => boolean;
  /** How long to keep trying while PostgreSQL is unreachable at start-up. */
  waitForDatabaseMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Migrations, the demo data of an embedded database, and the first Admin. */
async function bringUpToDate(db: Db, kind: DatabaseHandle['kind'], config: Config, options: PrepareOptions): Promise<void> {
  const report = await migrateToLatest(db);
  if (report.applied.length) options.log(`Applied migrations: ${report.applied.join(', ')}`);
  // Only an embedded database fills itself with demo data; PostgreSQL is the operator's. The mark is written in the seed's own
  // transaction, so a start interrupted while seeding seeds again next time.
  if (kind === 'pglite' && !options.stopping?.() && !(await isDemoSeeded(db))) {
    try {
      await seedDemoData(db, { production: config.env === 'production', ...(options.stopping ? { stop: options.stopping } : {}) });
    } catch (error) {
      if (!(error instanceof SeedInterrupted)) throw error;
      options.log(error.message);
      return;
    }
    options.log('Fresh embedded database: demo data added');
  }
  const admin = await ensureAdmin(db, config.admin);
  if (admin === 'created') options.log(`Admin ${config.admin?.email ?? ''} created`);
}

/**
 * Opens the configured database and brings it up to date. On PostgreSQL the start-up work runs
 * on a connection of its own without statement timeouts (a migration may take longer than a
 * request may), and a server that is not reachable yet is waited for; the app then gets a pool
 * with the request timeouts of connection.ts.
 */
export async function prepareDatabase(config: Config, options: PrepareOptions): Promise<DatabaseHandle> {
  if (!config.databaseUrl) {
    const handle = await openDatabase({ dataDir: config.dataDir });
    try {
      await bringUpToDate(handle.db, 'pglite', config, options);
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  const deadline = Date.now() + (options.waitForDatabaseMs ?? 60_000);
  for (let attempt = 1; ; attempt += 1) {
    const maintenance = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1, timeouts: { connectMs: config.databaseTimeouts.connectMs, statementMs: 0, queryMs: 0 } });
    try {
      await bringUpToDate(maintenance.db, 'postgres', config, options);
      break;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline || options.stopping?.()) throw error;
      options.log(`Database unreachable (attempt ${attempt}): ${error instanceof Error ? error.message : String(error)}; retrying`);
      await sleep(Math.min(attempt * 500, 3_000));
    } finally {
      await maintenance.close();
    }
  }
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: requestTimeouts(config.databaseTimeouts),
    onConnectionError: (error) => options.log(`Database connection lost: ${error.message}`),
  });
}
