/**
 * Name search on the embedded database (issue 16 point 8: "the same on PGlite and PostgreSQL"):
 * the bench catalogue (fill.ts: 100 000 products, 300 000 variants) made in an in-memory PGlite,
 * the real app on it, and autocannon on the three search calls of calls.ts at 1 and 4
 * connections. PGlite runs one statement at a time, so 4 connections queue inside the process.
 *
 *   npx tsx bench/catalogue/search-pglite.ts [--duration 10]
 */
import autocannon from 'autocannon';
import { CompiledQuery } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { calls } from './calls.js';
import { fillSteps } from './fill.js';

const durationIndex = process.argv.indexOf('--duration');
const duration = durationIndex > 0 ? Number(process.argv[durationIndex + 1]) : 10;
const log = (line: string) => process.stdout.write(`${line}\n`);

const handle = await openDatabase({ dataDir: 'memory://' });
await migrateToLatest(handle.db);
log('Filling PGlite…');
for (const { label, text, values } of fillSteps()) {
  const started = performance.now();
  await handle.db.executeQuery(CompiledQuery.raw(text, values));
  log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
}
await handle.db.executeQuery(CompiledQuery.raw('vacuum analyze'));

const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: 'memory://', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' });
const app = await buildApp({ config, db: handle.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${String((app.server.address() as { port: number }).port)}`;

log('\n| connections | call | req/s | p50 / p99 ms | errors |\n|---|---|---|---|---|');
try {
  for (const connections of [1, 4]) {
    for (const call of calls.filter((one) => one.key.startsWith('search'))) {
      const first = await fetch(base + call.shop);
      const answer = (await first.json()) as { length: number };
      await autocannon({ url: base + call.shop, connections, duration: 3 });
      const result = await autocannon({ url: base + call.shop, connections, duration, timeout: 10 });
      const errors = result.errors + result.timeouts + result.non2xx;
      log(`| ${connections} | ${call.title} (${answer.length} matches) | ${result.requests.average.toFixed(0)} | ${result.latency.p50} / ${result.latency.p99} | ${errors} |`);
    }
  }
} finally {
  await app.close();
  await handle.close();
}
