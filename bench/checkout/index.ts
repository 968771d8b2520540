/**
 * Checkout bench: one-click orders under load, against a hand-written SQL floor (targets in bench/README.md):
 *
 *   npx tsx bench/checkout/index.ts [--duration 5] [--connections 16] [--no-readme] [--online]
 *
 * Makes a fresh PostgreSQL database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench_checkout)
 * with 1 000 products of one colour and three sizes each (3 000 items of stock 1 000 000), starts the real shop and the floor
 * (bench/checkout/floor-server.ts: the same writes in one hand-written SQL transaction) as child
 * processes, and measures one-click orders of a colour in a size (POST /api/checkouts/direct) with autocannon, floor and
 * shop alternately: buyers of different items (each request the next item) and of one hot item.
 * Then checks that no unit was oversold (stock taken = units ordered, per item and per colour, stock ≥ 0) and
 * counts deadlocks (pg_stat_database). Writes the table into bench/README.md.
 *
 * `--online`: the shop alone, pointed at the local ЮKassa (tests/support/yookassa-fake.ts, in this
 * process), measures one-click orders of different items paid on delivery against the same orders
 * paid online (each creates its payment at the provider, with its receipt, before the answer), and
 * checks every online order got its payment. Its own table in bench/README.md.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { ensureDatabase } from '../catalogue/fill.js';
import { startYooKassaFake } from '../../tests/support/yookassa-fake.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const databaseUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/bench_checkout';
const duration = Number(argument('duration') ?? 5);
const connections = Number(argument('connections') ?? 16);
const products = 1000;
/** Sizes S, M and L of every product; each item (colour and size) starts with `initialStock`. */
const sizeNames = ['S', 'M', 'L'];
const initialStock = 1_000_000;

const target = new URL(databaseUrl);
if (!['127.0.0.1', 'localhost'].includes(target.hostname)) throw new Error(`The bench only runs against a local database, not ${target.hostname}`);
const databaseName = target.pathname.replace(/^\//, '');
if (!/^bench[a-z0-9_]*$/.test(databaseName)) throw new Error(`Choose a dedicated bench_… database, not «${databaseName}»`);
const adminUrl = new URL(databaseUrl);
adminUrl.pathname = '/postgres';
const log = (line: string) => process.stdout.write(`${line}\n`);

const children: ChildProcess[] = [];
function start(script: string, extraEnv: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    // Each request is another buyer (its own IP, e-mail and phone), as on a real shop: the shop takes
    // the client's IP from X-Forwarded-For, so the guest limits count each buyer on their own.
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', NODE_ENV: 'development', TRUST_PROXY: 'true', ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${String(code)}`)));
  });
}
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('exit', stopAll);

interface Item {
  variantId: number;
  sizeId: number;
}

async function fill(): Promise<Item[]> {
  await ensureDatabase(adminUrl.toString(), databaseName, true);
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  await handle.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`insert into colors (name, url, code) values ('Чёрный', 'chernyj', '#000000')`);
    await client.query(
      `insert into products (name, url, price, in_stock) select 'Товар для замера № ' || n, 'tovar-' || n, 100000 + n, true from generate_series(1, $1) n`,
      [products],
    );
    await client.query(`insert into sizes (name, url) select name, 'size-' || lower(name) from unnest($1::text[]) name`, [sizeNames]);
    await client.query('insert into product_sizes (product_id, size_id) select p.id, s.id from products p cross join sizes s');
    // The colour's stock split evenly across its sizes by the items' own fill (migration 0020).
    await client.query(
      `insert into product_variants (product_id, article, color_id, price, stock) select p.id, 'BENCH-' || p.id, (select id from colors limit 1), p.price, $1 from products p`,
      [initialStock * sizeNames.length],
    );
    await client.query('select variant_items_fill(null)');
    const { rows } = await client.query<Item>('select variant_id as "variantId", size_id as "sizeId" from variant_items order by variant_id, size_id');
    if (rows.length !== products * sizeNames.length) throw new Error(`Expected ${products * sizeNames.length} items, made ${rows.length}`);
    return rows;
  } finally {
    await client.end();
  }
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
}

const person = { firstName: 'Иван', lastName: 'Покупатель', address: { address: 'ул. Ленина, д. 1', city: 'Москва', country: 'Россия', zipCode: '101000' } };
let buyer = 0;
/** The next buyer: an address of their own (10.x.y.z), an e-mail and a phone. */
function nextBuyer(): { ip: string; email: string; phone: string } {
  buyer += 1;
  return { ip: `10.${(buyer >> 16) & 255}.${(buyer >> 8) & 255}.${buyer & 255}`, email: `buyer-${buyer}@example.ru`, phone: `+7 900 ${String(buyer).padStart(7, '0')}` };
}

async function load(url: string, itemFor: () => Item, seconds: number, extra: object = {}): Promise<Measure> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { ip, email, phone } = nextBuyer();
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify({ ...person, email, phone, oneClick: { ...itemFor(), quantity: 1 }, consent: true, ...extra }),
          };
        },
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, ok: result['2xx'], errors: result.errors + result.timeouts + result.non2xx };
}

async function deadlocks(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select deadlocks as n from pg_stat_database where datname = current_database()')).rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Units taken from stock against units in orders, per item (colour and size) and per colour (the
 * sum of its items); and no stock below zero.
 */
async function oversold(): Promise<{ oversold: number; mismatched: number; negative: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ mismatched: number; negative: number; oversold: number }>(
      `select (count(*) filter (where $1 - i.stock <> coalesce(o.units, 0))
                + (select count(*) from product_variants v where v.stock <> (select sum(x.stock) from variant_items x where x.variant_id = v.id)))::int as mismatched,
              count(*) filter (where i.stock < 0)::int as negative,
              coalesce(sum(greatest(coalesce(o.units, 0) - $1, 0)), 0)::int as oversold
       from variant_items i left join (select variant_id, size_id, sum(quantity) as units from checkout_lines group by variant_id, size_id) o
         on o.variant_id = i.variant_id and o.size_id is not distinct from i.size_id`,
      [initialStock],
    );
    return rows[0] ?? { oversold: 0, mismatched: 0, negative: 0 };
  } finally {
    await client.end();
  }
}

/** Replaces the block between `<!-- name:start -->` and `<!-- name:end -->` in bench/README.md (appended under `heading` the first time). */
async function writeSection(name: string, heading: string, block: string): Promise<void> {
  if (process.argv.includes('--no-readme')) return;
  const file = path.join(root, 'bench/README.md');
  const text = await fs.readFile(file, 'utf8');
  const [startMarker, endMarker] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const section = `${startMarker}\n${block}\n${endMarker}`;
  const updated = text.includes(startMarker)
    ? text.slice(0, text.indexOf(startMarker)) + section + text.slice(text.indexOf(endMarker) + endMarker.length)
    : `${text.trimEnd()}\n\n${heading}\n\n${section}\n`;
  await fs.writeFile(file, updated);
}

const machine = () => `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1) ?? '?'} at the end`;
const command = () => `npx tsx bench/checkout/index.ts${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`;

/** `--online`: orders paid on delivery against orders paid online through the local ЮKassa. */
async function mainOnline(): Promise<void> {
  log(`Filling ${databaseName}…`);
  const items = await fill();
  const credentials = { shopId: '700001', secretKey: 'test_bench_secret' };
  const fake = await startYooKassaFake(credentials);
  const shop = await start('bench/catalogue/shop-server.ts', { YOOKASSA_SHOP_ID: credentials.shopId, YOOKASSA_SECRET_KEY: credentials.secretKey, YOOKASSA_API_URL: `${fake.url}/v3` });
  let next = 0;
  const different = () => items[next++ % items.length]!;
  const rows: string[] = [];
  const measured: Measure[] = [];
  for (const [title, extra] of [['on delivery', {}], ['online (payment created at the local ЮKassa)', { paymentMethod: 'online' }]] as const) {
    await load(`${shop}/api/checkouts/direct`, different, 2, extra);
    const m = await load(`${shop}/api/checkouts/direct`, different, duration, extra);
    measured.push(m);
    const line = `| ${connections} | ${title} | ${m.rps.toFixed(0)} | ${m.p50} / ${m.p99} | ${m.errors} |`;
    rows.push(line);
    log(line);
  }
  // Requests autocannon stopped waiting for may still be creating their payment.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: counts } = await client.query<{ orders: number; created: number }>(
    `select (select count(*) from checkouts where payment_method = 'online')::int as orders,
            (select count(distinct checkout_id) from payments where provider_id is not null)::int as created`,
  );
  await client.end();
  await fake.close();
  const [cash, online] = measured;
  const ratio = cash && online && cash.rps > 0 ? `${Math.round((online.rps / cash.rps) * 100)}%` : '—';
  const block = [
    `### Results of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${machine()}. Command: \`${command()}\` (${duration} s per mode after 2 s of warm-up, one-click orders of 1 unit of different items, POST /api/checkouts/direct; the local ЮKassa runs in the load generator's process).`,
    '',
    '| buyers | payment | shop orders/s | p50 / p99 ms | errors |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `Online / on delivery: **${ratio}**. ${counts[0]?.orders ?? 0} online orders, ${counts[0]?.created ?? 0} of them with their payment created at the provider.`,
  ].join('\n');
  await writeSection('checkout-online-bench', '## Checkout paid online', block);
  log(block);
}

async function main(): Promise<void> {
  log(`Filling ${databaseName}…`);
  const items = await fill();
  const [shop, floor] = await Promise.all([start('bench/catalogue/shop-server.ts'), start('bench/checkout/floor-server.ts')]);
  let next = 0;
  const different = () => items[(next++) % items.length]!;
  const hot = () => items[0]!;
  const deadlocksBefore = await deadlocks();
  const rows: string[] = [];
  for (const [title, itemFor] of [['different items', different], ['one hot item', hot]] as const) {
    await load(`${floor}/floor/checkout`, itemFor, 2);
    await load(`${shop}/api/checkouts/direct`, itemFor, 2);
    const f = await load(`${floor}/floor/checkout`, itemFor, duration);
    const s = await load(`${shop}/api/checkouts/direct`, itemFor, duration);
    const ratio = f.rps > 0 ? `${Math.round((s.rps / f.rps) * 100)}%` : '—';
    const line = `| ${connections} | ${title} | ${f.rps.toFixed(0)} | ${s.rps.toFixed(0)} | **${ratio}** | ${f.p50} / ${f.p99} | ${s.p50} / ${s.p99} | ${f.errors} / ${s.errors} |`;
    rows.push(line);
    log(line);
  }
  const check = await oversold();
  const deadlocksDuring = (await deadlocks()) - deadlocksBefore;
  const block = [
    `### Results of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${machine()}. Command: \`${command()}\`` +
      ` (${duration} s per side per scenario after 2 s of warm-up each, one-click orders of 1 unit of a colour in a size, POST /api/checkouts/direct).`,
    '',
    '| buyers | scenario | floor orders/s | shop orders/s | shop / floor | floor p50 / p99 ms | shop p50 / p99 ms | errors floor / shop |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `After the run: ${check.oversold} units oversold, ${check.negative} items below zero, ${check.mismatched} items or colours whose stock taken differs from the units ordered; ${deadlocksDuring} deadlocks.`,
  ].join('\n');
  await writeSection('checkout-bench', '## Checkout', block);
  log(block);
}

try {
  await (process.argv.includes('--online') ? mainOnline() : main());
} finally {
  stopAll();
}
