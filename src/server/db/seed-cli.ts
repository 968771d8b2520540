import { loadConfig } from '../config.js';
import { openDatabase } from './connection.js';
import { migrateToLatest } from './migrate.js';
import { seedDemoData } from './seed.js';

/** `npm run seed`: migrations and demo data on whatever database the environment names. */
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db, { production: config.env === 'production' });
  process.stdout.write(`Demo data is in the ${handle.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database\n`);
} finally {
  await handle.close();
}
