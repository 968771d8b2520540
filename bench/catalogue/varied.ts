/**
 * The catalogue's caches under varied requests (docs/catalogue-caches.md): the real app in this
 * process on the bench catalogue (fill.ts: 100 000 products), asked a seeded mix of list and
 * priceRange requests — categories, colours, price windows, sizes in stock, pages, sorts and search words drawn at
 * random, so a request repeats only as often as a shop's popular pages would — once with every
 * cache on and once with each cache switched off, interleaved and repeated.
 *
 *   npx tsx bench/catalogue/varied.ts [--db pglite|postgres] [--requests 3000] [--connections 4]
 *     [--repeats 3] [--modes all,answers,readings,rankings,tree,shapes,none] [--keep <dir>] [--seed 26]
 *
 * A mode names the cache switched off (`all`: none off, `none`: every cache off). Each run empties
 * every cache first and sends the same sequence of requests. PostgreSQL: DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/bench, filled by `npm run bench:catalogue` (or here when
 * empty). PGlite: filled in memory (minutes: see search-pglite.ts), or read from `--keep <dir>` (search-pglite.ts).
 * The load generator shares this process with the app: absolute figures are lower than over a
 * separate client, the comparison between modes is what this measures. Prints a Markdown table.
 */
import fs from 'node:fs';
import { CompiledQuery } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { forgetCaches, switchOffCaches, type CacheName } from '../../src/server/services/catalogue/listing/caches.js';
import { forgetWordIndex } from '../../src/server/services/catalogue/search/word-index-store.js';
import { colors, departments, ensureDatabase, fill, fillSteps, fingerprint, isFilled } from './fill.js';

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}
const engine = argument('db', 'pglite');
const requestCount = Number(argument('requests', '3000'));
const connections = Number(argument('connections', '4'));
const repeats = Number(argument('repeats', '3'));
const modes = argument('modes', 'all,answers,readings,rankings,tree,shapes,none').split(',');
const seed = Number(argument('seed', '26'));
const keepDir = process.argv.includes('--keep') ? argument('keep', '') : undefined;
const log = (line: string) => process.stdout.write(`${line}\n`);
const allCaches: CacheName[] = ['answers', 'readings', 'rankings', 'tree', 'shapes'];

// ---------------------------------------------------------------- the mix

/** mulberry32: a small seeded generator, so every run asks the same requests. */
function random(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const categoryUrls = departments.flatMap(([, url, children]) => [url, ...children.map(([, child]) => child)]);
const colorUrls = colors.map(([, url]) => url);
const kinds = departments.flatMap(([, , children]) => children.flatMap(([, , names]) => names.map((name) => name.toLowerCase())));
/** What shoppers type: product kinds, their stems, a colour with a kind, a typo, the other layout. */
const words = [...kinds, ...kinds.slice(0, 20).map((kind) => kind.slice(0, Math.max(4, kind.length - 3))), 'черные кроссовки', 'кросовки', 'rhjccjdrb', 'krossovki', 'платье красное', 'gkfnmt'];
const priceWindows = [
  [undefined, 1000],
  [1000, 5000],
  [5000, 20000],
  [20000, undefined],
  [300, 3000],
] as const;
/** Shoe sizes 36–46 (ids 8–18) and clothes sizes XS–3XL (ids 1–7) of fill.ts. */
const shoeSizes = Array.from({ length: 11 }, (_, n) => `size-${String(8 + n)}`);
const clothesSizes = Array.from({ length: 7 }, (_, n) => `size-${String(1 + n)}`);
const sorts = ['createdAt:desc', 'price:asc', 'price:desc', 'name:asc', 'rating:desc'] as const;

function mix(count: number): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const urls: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const params = new URLSearchParams();
    const word = next() < 0.35 ? pick(words) : undefined;
    if (word) params.set('name', word);
    if (next() < 0.55) params.set('categories', pick(categoryUrls));
    if (next() < 0.3) params.set('colors', pick(colorUrls));
    if (next() < 0.25) {
      const [min, max] = pick(priceWindows);
      if (min !== undefined) params.set('minPrice', String(min));
      if (max !== undefined) params.set('maxPrice', String(max));
    }
    if (next() < 0.15) params.set('available', 'true');
    // A size, mostly with «in stock» (a size in stock in a matching colour), shoes or clothes.
    if (next() < 0.15) {
      const shoes = next() < 0.5;
      params.set('sizes', pick(shoes ? shoeSizes : clothesSizes));
      if (!params.has('categories') || next() < 0.5) params.set('categories', shoes ? 'obuv' : 'odezhda');
      if (next() < 0.7) params.set('available', 'true');
    }
    if (next() < 0.2) {
      // The storefront asks the slider's span with each category page.
      params.delete('minPrice');
      params.delete('maxPrice');
      urls.push(`/api/products/priceRange?${params.toString()}`);
      continue;
    }
    const sort = word && next() < 0.7 ? 'relevance:desc' : pick(sorts);
    const [sortBy, orderBy] = sort.split(':') as [string, string];
    params.set('sortBy', sortBy);
    params.set('orderBy', orderBy);
    // Pages 1–5, the first most often.
    const page = Math.min(4, Math.floor(-Math.log(1 - next()) * 0.9));
    params.set('limit', '12');
    params.set('offset', String(page * 12));
    urls.push(`/api/products?${params.toString()}`);
  }
  return urls;
}

// ---------------------------------------------------------------- the database

async function openPglite() {
  const kept = keepDir ? `${keepDir}/pglite-${(await fingerprint()).split(' ')[1] ?? ''}.tar` : undefined;
  if (kept && fs.existsSync(kept)) {
    log(`Reading the filled catalogue from ${kept}`);
    return openDatabase({ dataDir: 'memory://', template: new Blob([await fs.promises.readFile(kept)]) });
  }
  const filled = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(filled.db);
  log('Filling PGlite…');
  for (const { text, values } of fillSteps()) await filled.db.executeQuery(CompiledQuery.raw(text, values));
  await filled.db.executeQuery(CompiledQuery.raw('vacuum analyze'));
  if (kept && filled.dump) await fs.promises.writeFile(kept, Buffer.from(await (await filled.dump()).arrayBuffer()));
  return filled;
}

async function openPostgres() {
  const databaseUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/bench';
  const name = new URL(databaseUrl).pathname.slice(1);
  if (['postgres', 'test'].includes(name)) throw new Error(`Choose a dedicated database for the bench, not «${name}»`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  await ensureDatabase(admin.toString(), name, false);
  if (!(await isFilled(databaseUrl))) {
    await ensureDatabase(admin.toString(), name, true);
    await fill(databaseUrl, log);
  }
  return { handle: await openDatabase({ databaseUrl, dataDir: 'memory://' }), databaseUrl };
}

const pg = engine === 'postgres' ? await openPostgres() : null;
const handle = pg ? pg.handle : await openPglite();
const config = loadConfig({ ...process.env, DATABASE_URL: pg?.databaseUrl ?? '', DATA_DIR: 'memory://', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' });
const app = await buildApp({ config, db: handle.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${String((app.server.address() as { port: number }).port)}`;

// ---------------------------------------------------------------- the runs

/** The caches a mode switches off (on the app's database handle, for that run only). */
function offFor(mode: string): CacheName[] {
  if (mode === 'all') return [];
  if (mode === 'none') return allCaches;
  return [mode as CacheName];
}

interface Run {
  mode: string;
  p50: number;
  p95: number;
  perSecond: number;
  /** CPU of this process (app and load generator) per request: less moved by other work on the machine than wall time. */
  cpuMs: number;
  errors: number;
}

async function run(mode: string, urls: string[]): Promise<Run> {
  forgetCaches(handle.db);
  // The word index is built in the background from a search's first miss: each run starts without it.
  forgetWordIndex(handle.db);
  switchOffCaches(handle.db, offFor(mode), true);
  const latencies: number[] = [];
  let errors = 0;
  let nextIndex = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (nextIndex < urls.length) {
        const url = urls[nextIndex++] as string;
        const begun = performance.now();
        const response = await fetch(base + url);
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { mode, p50: at(0.5), p95: at(0.95), perSecond: urls.length / seconds, cpuMs: (cpu.user + cpu.system) / 1000 / urls.length, errors };
}

const urls = mix(requestCount);
log(`${engine}: ${urls.length} requests (${new Set(urls).size} different), ${connections} connections, modes ${modes.join(', ')}, ${repeats} rounds`);
// Warm the database's own caches (shared buffers, PGlite's pages) once with everything off.
await run('none', urls.slice(0, Math.min(500, urls.length)));
const results: Run[] = [];
try {
  for (let round = 0; round < repeats; round += 1) {
    // Interleaved, the order turned each round, so a noisy moment does not fall on one mode.
    const order = round % 2 ? [...modes].reverse() : modes;
    for (const mode of order) {
      const result = await run(mode, urls);
      results.push(result);
      log(`  round ${round + 1} ${mode}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, ${result.perSecond.toFixed(0)} req/s, ${result.cpuMs.toFixed(2)} ms CPU/request, ${result.errors} errors`);
    }
  }
} finally {
  await app.close();
  await handle.close();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const range = (values: number[], digits: number) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
log('\n| switched off | p50 ms (median, range) | p95 ms (median, range) | req/s (median, range) | CPU ms/request (median, range) | errors |\n|---|---|---|---|---|---|');
for (const mode of modes) {
  const runs = results.filter((one) => one.mode === mode);
  const p50 = runs.map((one) => one.p50);
  const p95 = runs.map((one) => one.p95);
  const rate = runs.map((one) => one.perSecond);
  const cpu = runs.map((one) => one.cpuMs);
  const label = mode === 'all' ? 'nothing (all caches on)' : mode === 'none' ? 'every cache' : mode;
  log(`| ${label} | ${median(p50).toFixed(1)} (${range(p50, 1)}) | ${median(p95).toFixed(1)} (${range(p95, 1)}) | ${median(rate).toFixed(0)} (${range(rate, 0)}) | ${median(cpu).toFixed(2)} (${range(cpu, 2)}) | ${runs.reduce((sum, one) => sum + one.errors, 0)} |`);
}
