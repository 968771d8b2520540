/**
 * Catalogue bench (its targets and results: bench/README.md, "Catalogue"):
 *
 *   npm run bench:catalogue -- [--refill] [--duration 10] [--connections 1,4,32,64] [--calls first,search] [--no-readme]
 *   --no-rankings: the shop keeps no reading of a search text nor its ranking (listing/caches.ts, `readings`, `rankings`): every search is read and ranked afresh
 *   --no-index: nor ranks from the word index (search/word-index-store.ts): every search runs in full in the database
 *   npm run bench:catalogue -- --sorts [--duration 6] [--connections 4,32]   (the sort matrix, its own table)
 *   --give-up <call key>: afterwards, 64 clients that give up after 100 ms on that call
 *
 * Fills a PostgreSQL database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench,
 * created if missing) with 100 000 products, starts the real shop and the floor as child
 * processes on 127.0.0.1, and measures each call with autocannon, the floor and the shop
 * alternately, at each concurrency. Writes the table into bench/README.md and stops by itself.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { productListResponseSchema } from '../../src/shared/schemas/catalogue.js';
import { calls, sortCalls, type BenchCall } from './calls.js';
import { ensureDatabase, fill, isFilled } from './fill.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const databaseUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/bench';
const duration = Number(argument('duration') ?? 10);
const warmup = Math.min(3, Math.max(1, Math.round(duration / 4)));
const concurrencies = (argument('connections') ?? '1,4,32,64').split(',').map(Number);
const only = argument('calls')?.split(',');
const matrix = flag('sorts');
const selected = (matrix ? sortCalls : calls).filter((call) => !only || only.includes(call.key));

const target = new URL(databaseUrl);
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(target.hostname)) {
  throw new Error(`The bench only runs against a local database, not ${target.hostname}`);
}
const databaseName = target.pathname.replace(/^\//, '');
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName) || ['postgres', 'test', 'template0', 'template1'].includes(databaseName)) {
  throw new Error(`Choose a dedicated database for the bench, not «${databaseName}»`);
}
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = '/postgres';

const log = (line: string) => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------- child processes

const children: ChildProcess[] = [];

function start(script: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', NODE_ENV: 'development', ...(flag('no-rankings') ? { BENCH_NO_RANKINGS: '1' } : {}), ...(flag('no-index') ? { BENCH_NO_INDEX: '1' } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\d+)/.exec(output);
      if (match) resolve({ child, base: `http://127.0.0.1:${match[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${String(code)}`)));
  });
}

function stopAll(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopAll);
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

// ---------------------------------------------------------------- measuring

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * `connections` clients that each ask again and again for `seconds`, giving up on an answer after
 * `giveUpMs` by closing the connection (autocannon's timeout is whole seconds): how many answers
 * came and how many were given up.
 */
async function giveUpLoad(url: string, connections: number, seconds: number, giveUpMs: number): Promise<{ answered: number; givenUp: number }> {
  const until = Date.now() + seconds * 1000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let answered = 0;
  let givenUp = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const request = http.get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          clearTimeout(timer);
          answered += 1;
          resolve();
        });
      });
      const timer = setTimeout(() => {
        givenUp += 1;
        request.destroy();
        resolve();
      }, giveUpMs);
      request.on('error', () => undefined);
    });
  const client = async () => {
    while (Date.now() < until) await once();
  };
  await Promise.all(Array.from({ length: connections }, client));
  agent.destroy();
  return { answered, givenUp };
}

async function load(url: string, connections: number, seconds: number): Promise<Measure> {
  const result = await autocannon({ url, connections, duration: seconds, timeout: 10 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function activeQueries(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** The shop's and the floor's answers describe the same products. */
async function compare(shop: string, floor: string, call: BenchCall): Promise<string> {
  const [a, b] = await Promise.all([fetch(shop + call.shop), fetch(floor + call.floor)]);
  const [x, y] = (await Promise.all([a.json(), b.json()])) as Array<{ rows?: Array<{ id: number }>; length?: number; minPrice?: number }>;
  if (a.status !== 200 || b.status !== 200) return `HTTP ${a.status} / ${b.status}`;
  if (!x || !y) return 'no body';
  if ('minPrice' in x) return JSON.stringify(x) === JSON.stringify(y) ? 'same' : `differs: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`;
  const ids = (body: typeof x) => (body.rows ?? []).map((row) => row.id).join(',');
  const sameRows = ids(x) === ids(y);
  const note = x.length === y.length ? `length ${String(x.length)}` : `length ${String(x.length)} (floor: exact ${String(y.length)})`;
  return `${sameRows ? 'same rows' : 'different rows'}, ${note}`;
}

/** Output validation by zod of a page of cards, per call (its cost is part of every answer, so it is measured). */
async function zodCost(shop: string): Promise<string[]> {
  const lines: string[] = [];
  for (const limit of [12, 100]) {
    const body: unknown = await (await fetch(`${shop}/api/products?limit=${limit}`)).json();
    const rounds = 2000;
    for (let i = 0; i < 100; i++) productListResponseSchema.parse(body);
    const started = performance.now();
    for (let i = 0; i < rounds; i++) productListResponseSchema.parse(body);
    lines.push(`${limit} cards: ${(((performance.now() - started) / rounds) * 1000).toFixed(0)} µs`);
  }
  return lines;
}

// ---------------------------------------------------------------- report

function machine(): string {
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GB`;
  return `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${memory} RAM, Node ${process.version}`;
}

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ v: string }>("select current_setting('server_version') as v");
    return `PostgreSQL ${result.rows[0]?.v ?? '?'}`;
  } finally {
    await client.end();
  }
}

const startMarker = matrix ? '<!-- catalogue-sorts:start -->' : '<!-- catalogue-bench:start -->';
const endMarker = matrix ? '<!-- catalogue-sorts:end -->' : '<!-- catalogue-bench:end -->';

async function writeReadme(block: string): Promise<void> {
  const file = path.join(root, 'bench/README.md');
  let text = await fs.readFile(file, 'utf8').catch(() => '# Benchmarks\n');
  const section = `${startMarker}\n${block}\n${endMarker}`;
  if (text.includes(startMarker) && text.includes(endMarker)) {
    text = text.slice(0, text.indexOf(startMarker)) + section + text.slice(text.indexOf(endMarker) + endMarker.length);
  } else {
    text = `${text.trimEnd()}\n\n## Catalogue\n\n${section}\n`;
  }
  await fs.writeFile(file, text);
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  await ensureDatabase(adminUrl.toString(), databaseName, false);
  if (flag('refill') || !(await isFilled(databaseUrl))) {
    // A fresh database: the data is only ever made from scratch.
    await ensureDatabase(adminUrl.toString(), databaseName, true);
    log(`Filling ${databaseName}…`);
    await fill(databaseUrl, log);
  }
  const [shop, floor] = await Promise.all([start('shop-server.ts'), start('floor-server.ts')]);
  log(`shop ${shop.base}, floor ${floor.base}`);

  const checks: string[] = [];
  for (const call of selected) checks.push(`- ${call.title}: ${await compare(shop.base, floor.base, call)}`);
  log(checks.join('\n'));

  const rows: string[] = [];
  let afterOverload = 'not measured';
  for (const connections of concurrencies) {
    for (const [index, call] of selected.entries()) {
      // Warm both, then measure them alternately (which goes first alternates too).
      await load(floor.base + call.floor, connections, warmup);
      await load(shop.base + call.shop, connections, warmup);
      const order = index % 2 === 0 ? (['floor', 'shop'] as const) : (['shop', 'floor'] as const);
      const measured: Partial<Record<'floor' | 'shop', Measure>> = {};
      for (const side of order) {
        measured[side] = await load(side === 'floor' ? floor.base + call.floor : shop.base + call.shop, connections, duration);
      }
      const f = measured.floor!;
      const s = measured.shop!;
      const ratio = f.rps > 0 ? `${Math.round((s.rps / f.rps) * 100)}%` : '—';
      const line = `| ${connections} | ${call.title} | ${f.rps.toFixed(0)} | ${s.rps.toFixed(0)} | **${ratio}** | ${f.p50} / ${f.p99} | ${s.p50} / ${s.p99} | ${f.errors} / ${s.errors} |`;
      rows.push(line);
      log(line);
    }
    if (connections >= 64) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      afterOverload = `${await activeQueries()} queries still active in the database 0.5 s after the ${connections}-connection runs`;
      log(afterOverload);
    }
  }

  // Work that outlives its client: 64 clients that give up after 100 ms on
  // the slowest call of the selection; the database should be idle right after they stop.
  let givingUp = 'not measured';
  const slowest = selected.find((call) => call.key === argument('give-up'));
  if (slowest) {
    const result = await giveUpLoad(shop.base + slowest.shop, 64, duration, 100);
    const samples: string[] = [];
    let waited = 0;
    for (const at of [0, 0.5, 1, 2, 5]) {
      await new Promise((resolve) => setTimeout(resolve, (at - waited) * 1000));
      waited = at;
      samples.push(`${String(await activeQueries())} at +${String(at)} s`);
    }
    givingUp =
      `64 clients giving up after 100 ms on «${slowest.title}» for ${duration} s: ${result.answered} answered, ${result.givenUp} given up; ` +
      `queries still active in the database after they stopped: ${samples.join(', ')}`;
    log(givingUp);
  }

  const zod = await zodCost(shop.base);
  const block = [
    `### Results of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${machine()}, ${await postgresVersion()}. Command: \`${['npm run bench:catalogue', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ')}\`` +
      ` (${duration} s per side per call per concurrency, after ${warmup} s of warm-up each).`,
    '',
    '| connections | call | floor req/s | shop req/s | shop / floor | floor p50 / p99 ms | shop p50 / p99 ms | errors floor / shop |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Overload: ${afterOverload}.`,
    '',
    `Clients that give up: ${givingUp}.`,
    '',
    'Answers checked before the run (shop against floor):',
    ...checks,
    '',
    `Output validation by zod of a product page, per call: ${zod.join(', ')}.`,
  ].join('\n');
  if (!flag('no-readme')) await writeReadme(block);
  log('\nDone.');
}

try {
  await main();
} finally {
  stopAll();
}
