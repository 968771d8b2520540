/**
 * The real shop, as `npm start` runs it (buildApp, PostgreSQL, log level warn), on 127.0.0.1.
 * Started as a child process by bench/catalogue/index.ts so that the load generator does not
 * share its event loop.
 */
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/connection.js';
import { keepNoRankings, keepNoWordIndex } from '../../src/server/services/catalogue/listing/caches.js';

const config = loadConfig({ ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// `--no-rankings`: every search is read and ranked afresh, as a query seen for the first time is.
if (process.env['BENCH_NO_RANKINGS'] === '1') keepNoRankings(handle.db);
// `--no-index`: nor from the word index: every search runs in full in the database.
if (process.env['BENCH_NO_INDEX'] === '1') keepNoWordIndex(handle.db);
const app = await buildApp({ config, db: handle.db });

const shutdown = () => {
  void app.close().then(() => handle.close()).then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: config.port, host: config.host });
process.stdout.write(`ready ${String((app.server.address() as { port: number }).port)}\n`);
