/**
 * Name search on the embedded database (the shop answers the same, and should be as quick, on PGlite and PostgreSQL):
 * the bench catalogue (fill.ts: 100 000 products, 300 000 variants) made in an in-memory PGlite,
 * the real app on it, and autocannon on the three search calls of calls.ts at 1 and 4
 * connections. PGlite runs one statement at a time, so 4 connections queue inside the process.
 * autocannon runs as a child process, so the load generator does not share the server's event loop.
 *
 *   npx tsx bench/catalogue/search-pglite.ts [--duration 10] [--no-answers | --no-rankings | --no-index] [--keep <dir>] [--calls sized,sizedColor]
 *
 * By default a repeated search is answered from the answers kept until the next write
 * (services/catalogue/listing/caches.ts, `answers`). `--no-answers`: every request reads its page (the ranking of the
 * search is kept, `rankings`). `--no-rankings`: neither the reading of the text nor a ranking is
 * kept, so every request reads its text and ranks its matches afresh, as a query seen for the first time does (from the word index, built before the
 * runs: search/word-index-store.ts). `--no-index`: neither, so every request runs the search in
 * full in the database. `--keep <dir>`: the filled data
 * directory is written there (≈1.5 GB with the items, named by fill.ts's fingerprint) and read from there next time (a few seconds instead of
 * minutes of filling: 17 on a loaded 2-core host with the items). `--calls`: other calls of calls.ts by key instead of the three
 * searches (e.g. the size in stock, 6 and 6a).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { CompiledQuery } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { keepNoAnswers } from '../../src/server/services/catalogue/listing/caches.js';
import { keepNoRankings, keepNoWordIndex } from '../../src/server/services/catalogue/listing/caches.js';
import { indexedVersion } from '../../src/server/services/catalogue/search/word-index-store.js';
import { calls } from './calls.js';
import { fillSteps, fingerprint } from './fill.js';

const callsIndex = process.argv.indexOf('--calls');
const callKeys = callsIndex > 0 ? (process.argv[callsIndex + 1] ?? '').split(',') : ['search', 'searchLayout', 'searchLatin'];
const durationIndex = process.argv.indexOf('--duration');
const duration = durationIndex > 0 ? Number(process.argv[durationIndex + 1]) : 10;
const log = (line: string) => process.stdout.write(`${line}\n`);
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function autocannon(url: string, connections: number, seconds: number): Promise<Result> {
  const args = [autocannonBin, '-j', '-c', String(connections), '-d', String(seconds), '-t', '10', url];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1 << 24 });
  return JSON.parse(stdout) as Result;
}

const keepIndex = process.argv.indexOf('--keep');
const keepDir = keepIndex > 0 ? process.argv[keepIndex + 1] : undefined;
// Named by the fill's fingerprint (the migrations and fill.ts): a changed catalogue is filled again.
const kept = keepDir ? `${keepDir}/pglite-${(await fingerprint()).split(' ')[1] ?? ''}.tar` : undefined;
const handle = await (kept && fs.existsSync(kept) ? openKept(kept) : openFilled());

async function openKept(file: string) {
  log(`Reading the filled catalogue from ${file}`);
  return openDatabase({ dataDir: 'memory://', template: new Blob([await fs.promises.readFile(file)]) });
}

async function openFilled() {
  const filled = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(filled.db);
  log('Filling PGlite…');
  for (const { label, text, values } of fillSteps()) {
    const started = performance.now();
    await filled.db.executeQuery(CompiledQuery.raw(text, values));
    log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
  }
  await filled.db.executeQuery(CompiledQuery.raw('vacuum analyze'));
  if (kept && filled.dump) await fs.promises.writeFile(kept, Buffer.from(await (await filled.dump()).arrayBuffer()));
  return filled;
}

const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: 'memory://', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' });
const noIndex = process.argv.includes('--no-index');
if (process.argv.includes('--no-rankings')) keepNoRankings(handle.db);
if (noIndex) keepNoWordIndex(handle.db);
if (noIndex || process.argv.includes('--no-rankings') || process.argv.includes('--no-answers')) keepNoAnswers(handle.db);
const app = await buildApp({ config, db: handle.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${String((app.server.address() as { port: number }).port)}`;

if (!noIndex) {
  // The first search starts the word index's build; the runs measure searches ranked from it.
  const started = performance.now();
  await fetch(`${base}/api/products?name=${encodeURIComponent('кроссовки')}`);
  while (indexedVersion(handle.db) === null && performance.now() - started < 120_000) await new Promise((resolve) => setTimeout(resolve, 50));
  log(`Word index built in ${Math.round(performance.now() - started)} ms`);
}
log('\n| connections | call | req/s | p50 / p99 ms | errors |\n|---|---|---|---|---|');
try {
  for (const connections of [1, 4]) {
    for (const call of calls.filter((one) => callKeys.includes(one.key))) {
      const first = await fetch(base + call.shop);
      const answer = (await first.json()) as { length: number };
      await autocannon(base + call.shop, connections, 3);
      const result = await autocannon(base + call.shop, connections, duration);
      const errors = result.errors + result.timeouts + result.non2xx;
      log(`| ${connections} | ${call.title} (${answer.length} matches) | ${result.requests.average.toFixed(0)} | ${result.latency.p50} / ${result.latency.p99} | ${errors} |`);
    }
  }
} finally {
  await app.close();
  await handle.close();
}
