/**
 * Cheap requests cannot stall the server: the latency of `GET /health` and of catalogue lists
 * while 16 clients keep sending ~1 MB JSON bodies of ~120 000 keys.
 *
 *   npx tsx bench/body-flood.ts [--duration 10] [--clients 16] [--targets unknown,rest,trpc,product]
 *                               [--server-dir /work/main] [--budget <n>] [--postgres <url>]
 *
 * The shop runs as a process of its own (`node --import tsx src/server/main.ts` in `--server-dir`,
 * default this checkout, so another checkout's code can be measured the same way), on a fresh
 * embedded database that fills itself with the demo catalogue, or with `--postgres` on a database
 * of its own on that server (migrated and given the demo catalogue by this checkout's seed, dropped
 * afterwards). `--budget` sets BODY_REQUESTS_PER_MINUTE (a very high value measures the per-route
 * limits alone). The flood runs in a child process, so the measuring loops (one request at a time
 * each: /health, and catalogue pages of several categories, pages and sort orders) share their
 * event loop with nothing. Targets: `unknown` POST /api/no-such-route, `rest` POST
 * /api/auth/signin, `trpc` POST /trpc/accounts.auth.signin, `product` PUT /api/products/1 (a route that
 * takes 1 MB, so its body is read and scanned).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const log = (line: string) => process.stdout.write(`${line}\n`);

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const targets: Record<string, { method: string; path: string }> = {
  unknown: { method: 'POST', path: '/api/no-such-route' },
  rest: { method: 'POST', path: '/api/auth/signin' },
  trpc: { method: 'POST', path: '/trpc/accounts.auth.signin' },
  product: { method: 'PUT', path: '/api/products/1' },
};

/** Just under the old 1 MB limit: 120 000 distinct keys. */
function floodBody(): Buffer {
  const keys = Array.from({ length: 120_000 }, (_, i) => `"${i.toString(36)}":0`);
  return Buffer.from(`{${keys.join(',')}}`);
}

// ---------------------------------------------------------------- the flood (child process)

async function flood(base: string, target: { method: string; path: string }, clients: number): Promise<void> {
  const body = floodBody();
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const statuses: Record<string, number> = {};
  const count = (key: string) => (statuses[key] = (statuses[key] ?? 0) + 1);
  let running = true;
  const started = performance.now();
  const send = () =>
    new Promise<void>((resolve) => {
      const request = http.request(`${base}${target.path}`, {
        method: target.method,
        agent,
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      });
      request.on('response', (response) => {
        count(String(response.statusCode));
        response.resume();
        response.on('end', resolve);
        response.on('error', () => resolve());
      });
      // A refusal answered before the body was read closes the connection under the sender.
      request.on('error', (error: NodeJS.ErrnoException) => {
        count(error.code ?? 'error');
        setTimeout(resolve, error.code === 'ECONNREFUSED' ? 100 : 0);
      });
      request.end(body);
    });
  const loops = Array.from({ length: clients }, async () => {
    while (running) await send();
  });
  process.on('SIGTERM', () => (running = false));
  await Promise.all(loops);
  const seconds = (performance.now() - started) / 1000;
  const sent = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  process.stdout.write(`${JSON.stringify({ sent, perSecond: sent / seconds, statuses })}\n`);
  agent.destroy();
}

// ---------------------------------------------------------------- the shop under test

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function get(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      })
      .on('error', reject);
  });
}

async function startShop(serverDir: string, env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    if ((await get(`${base}/health`).catch(() => ({ status: 0 }))).status === 200) return { base, child };
    if (Date.now() > deadline) throw new Error('the shop did not start within 5 minutes');
    await sleep(250);
  }
}

async function withPostgres<T>(url: string, use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `shop_body_flood_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    const { openDatabase } = await import('../src/server/db/connection.js');
    const { migrateToLatest } = await import('../src/server/db/migrate.js');
    const { seedDemoData } = await import('../src/server/db/seed.js');
    const handle = await openDatabase({ databaseUrl: databaseUrl.toString(), dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, { production: false });
    await handle.close();
    return await use(databaseUrl.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// ---------------------------------------------------------------- measuring

interface Latency {
  p50: number;
  p99: number;
  count: number;
}

function latencyOf(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

/** One request at a time per loop, for `seconds`: /health, and the catalogue pages in turn. */
async function measure(base: string, catalogue: string[], seconds: number): Promise<{ health: Latency; catalogue: Latency; failed: number }> {
  const until = performance.now() + seconds * 1000;
  let failed = 0;
  const loop = async (urls: string[]) => {
    const samples: number[] = [];
    for (let i = 0; performance.now() < until; i++) {
      const started = performance.now();
      const { status } = await get(`${base}${urls[i % urls.length]!}`).catch(() => ({ status: 0 }));
      samples.push(performance.now() - started);
      if (status !== 200) failed++;
    }
    return latencyOf(samples);
  };
  const [health, pages] = await Promise.all([loop(['/health']), loop(catalogue)]);
  return { health, catalogue: pages, failed };
}

async function cataloguePages(base: string): Promise<string[]> {
  const { text } = await get(`${base}/api/categories?limit=100`);
  const ids = (JSON.parse(text) as { rows: { id: number }[] }).rows.map((row) => row.id).slice(0, 8);
  const pages: string[] = [];
  for (const sortBy of ['createdAt', 'price', 'name']) {
    for (const offset of [0, 12, 24]) {
      for (const id of ids) pages.push(`/api/products?categories=${id}&sortBy=${sortBy}&offset=${offset}&limit=12`);
    }
  }
  return pages;
}

function runFlood(base: string, targetName: string, clients: number): { pid: number | undefined; stop: () => Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--flood', base, '--target', targetName, '--clients', String(clients)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return {
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      return output.trim();
    },
  };
}

const ms = (value: number) => value.toFixed(1);

async function bench(): Promise<void> {
  const seconds = Number(option('duration') ?? 10);
  const clients = Number(option('clients') ?? 16);
  const serverDir = path.resolve(option('server-dir') ?? '.');
  const chosen = (option('targets') ?? 'unknown,rest,trpc,product').split(',');
  const budget = option('budget');
  const postgres = option('postgres');

  const run = async (databaseEnv: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-body-flood-'));
    const env = { DATA_DIR: dataDir, ...databaseEnv, ...(budget ? { BODY_REQUESTS_PER_MINUTE: budget } : {}) };
    log(`Starting the shop from ${serverDir} (${postgres ? 'PostgreSQL' : 'embedded database'}${budget ? `, BODY_REQUESTS_PER_MINUTE=${budget}` : ''})`);
    const { base, child } = await startShop(serverDir, env);
    try {
      const catalogue = await cataloguePages(base);
      log(`${catalogue.length} catalogue pages; warming up`);
      await measure(base, catalogue, 3);
      let cpu = cpuSeconds(child.pid);
      const idle = await measure(base, catalogue, seconds);
      const idleCpu = (cpuSeconds(child.pid) - cpu) / seconds;
      log('');
      log(`| flood (${clients} clients, ${(floodBody().length / 1024 / 1024).toFixed(2)} MB, 120 000 keys) | /health p50 / p99 | catalogue p50 / p99 | p50 vs idle (health, catalogue) | shop / flood CPU | flood answers |`);
      log('|---|---|---|---|---|---|');
      const percent = (value: number) => `${Math.round(value * 100)}%`;
      const row = (name: string, result: Awaited<ReturnType<typeof measure>>, shopCpu: number, floodCpu: string, answers: string) =>
        log(
          `| ${name} | ${ms(result.health.p50)} / ${ms(result.health.p99)} ms | ${ms(result.catalogue.p50)} / ${ms(result.catalogue.p99)} ms | ` +
            `${(result.health.p50 / idle.health.p50).toFixed(1)}×, ${(result.catalogue.p50 / idle.catalogue.p50).toFixed(1)}× | ${percent(shopCpu)} / ${floodCpu} | ` +
            `${answers}${result.failed ? `; ${result.failed} measured requests failed` : ''} |`,
        );
      row('none (idle)', idle, idleCpu, '—', '—');
      for (const name of chosen) {
        const target = targets[name];
        if (!target) throw new Error(`unknown target ${name}`);
        const running = runFlood(base, name, clients);
        await sleep(2_000);
        cpu = cpuSeconds(child.pid);
        const floodStart = cpuSeconds(running.pid);
        const result = await measure(base, catalogue, seconds);
        const shopCpu = (cpuSeconds(child.pid) - cpu) / seconds;
        const floodCpu = percent((cpuSeconds(running.pid) - floodStart) / seconds);
        const summary = JSON.parse((await running.stop()) || '{}') as { perSecond?: number; statuses?: Record<string, number> };
        const statuses = Object.entries(summary.statuses ?? {})
          .map(([status, n]) => `${status} × ${n}`)
          .join(', ');
        row(`${target.method} ${target.path}`, result, shopCpu, floodCpu, `${(summary.perSecond ?? 0).toFixed(0)}/s: ${statuses}`);
        await sleep(2_000);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
      agent.destroy();
    }
  };
  if (postgres) await withPostgres(postgres, (databaseUrl) => run({ DATABASE_URL: databaseUrl }));
  else await run({});
  log('');
  log(`${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}, Node ${process.version}`);
}

const floodBase = option('flood');
if (floodBase) await flood(floodBase, targets[option('target') ?? 'unknown']!, Number(option('clients') ?? 16));
else await bench();
