import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../src/server/db/connection.js';
import { loadConfig } from '../src/server/config.js';
import { openReadRouting } from '../src/server/db/replica-setup.js';
import { parseLsn, ReadRouting, type LagProbe, type ReplicaPosition } from '../src/server/db/replica.js';
import { signUp } from './support/orders-support.js';
import { slow, startTestApp, type TestApp } from './support/harness.js';
import { CountingPlugin, refused, servedBy } from './support/replica-support.js';
import { standbyTests } from './support/replica-standby.js';

/**
 * Read routing (docs/replicas.md) on whatever database this run uses, with the app's own database
 * standing in as the "replica": a second query builder on the same connection, whose statements
 * are counted (and can be made to fail as an unreachable server's would), and a probe the test
 * steers (the positions it reports). The real hot standby is tested on PostgreSQL runs.
 */

/** The probe's answers, set by each test. */
class SteeredProbe implements LagProbe {
  primary = 100n;
  replayed: bigint | null = 100n;
  down = false;
  inRecovery = true;

  primaryLsn(): Promise<bigint> {
    return Promise.resolve(this.primary);
  }

  replica(): Promise<ReplicaPosition> {
    if (this.down) return Promise.reject(refused());
    return Promise.resolve({ inRecovery: this.inRecovery, replayedLsn: this.replayed });
  }
}

const maxLagMs = 3_000;
const probe = new SteeredProbe();
const counter = new CountingPlugin();
let t: TestApp;
let reads: ReadRouting;
let adminToken: string;

const inUse = () => vi.waitFor(() => expect(reads.replicaInUse).toBe(true), slow);

/** Two probing rounds: the second surely began after everything before this call. */
async function probeAfterNow(): Promise<void> {
  await reads.probeNow();
  await reads.probeNow();
}

describe('read routing', () => {
  beforeAll(async () => {
    t = await startTestApp({}, undefined, undefined, {
      reads: (db) => {
        reads = new ReadRouting({ primary: db, replica: db.withPlugin(counter), probe, maxLagMs, probeEveryMs: 50 });
        return reads;
      },
    });
    adminToken = await t.signInAdmin();
    await t.rest('POST', '/brands', { token: adminToken, body: { name: 'Зенит', url: 'zenit' } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reads a WAL position as one comparable number', () => {
    expect(parseLsn('0/1D745B0')).toBe(0x1d745b0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('nonsense')).toThrow();
  });

  it('serves the storefront catalogue and content reads of a shopper from the replica', async () => {
    await inUse();
    const paths = ['/products', '/products/priceRange', '/categories', '/categories/categoriesTree', '/brands', '/colors', '/slides', '/news', '/legal-pages', '/advertisements'];
    for (const path of paths) {
      expect(await servedBy(counter, () => t.rest('GET', path, { ip: '203.0.113.10' })), path).toEqual({ status: 200, by: 'replica' });
    }
    // The same answer as the primary's (here the same data), over tRPC too.
    const { body } = await t.rest<{ rows: { url: string }[] }>('GET', '/brands', { ip: '203.0.113.10' });
    expect(body.rows.map((row) => row.url)).toContain('zenit');
    const before = counter.statements;
    await t.trpc().catalogue.brands.list.query({});
    expect(counter.statements).toBeGreaterThan(before);
  });

  it('sends the reads of staff to the primary', async () => {
    await inUse();
    expect(await servedBy(counter, () => t.rest('GET', '/products', { token: adminToken, ip: '203.0.113.11' }))).toEqual({ status: 200, by: 'primary' });
    expect(await servedBy(counter, () => t.rest('GET', '/brands', { ip: '203.0.113.11' }))).toEqual({ status: 200, by: 'replica' });
  });

  it('sends a caller who wrote to the primary until the replica is proven to hold the write', async () => {
    probe.primary = 150n;
    probe.replayed = 150n;
    await probeAfterNow();
    const shopper = await signUp(t, 'replica-reader@example.com');
    // From here the primary has WAL the replica has not replayed (the writes below).
    probe.primary = 200n;
    await probeAfterNow();
    // Someone who did not write: the replica (fresh within the bound).
    expect(await servedBy(counter, () => t.rest('GET', '/products', { ip: '198.51.100.50' }))).toEqual({ status: 200, by: 'replica' });

    // An anonymous write (a new basket) from one network; a signed-in write from another.
    expect((await t.rest('POST', '/baskets', { body: {}, ip: '198.51.100.20' })).status).toBe(200);
    expect((await t.rest('POST', '/baskets', { body: {}, token: shopper.token, ip: '198.51.100.30' })).status).toBe(200);
    expect(await servedBy(counter, () => t.rest('GET', '/products', { ip: '198.51.100.20' }))).toEqual({ status: 200, by: 'primary' });
    // The signed-in shopper, now from a third network: still the primary (known by the user).
    expect(await servedBy(counter, () => t.rest('GET', '/products', { token: shopper.token, ip: '198.51.100.40' }))).toEqual({ status: 200, by: 'primary' });

    // The replica replays the writes: a probe begun after them proves it, and the writers read there again.
    probe.replayed = 200n;
    await probeAfterNow();
    expect(await servedBy(counter, () => t.rest('GET', '/products', { ip: '198.51.100.20' }))).toEqual({ status: 200, by: 'replica' });
    expect(await servedBy(counter, () => t.rest('GET', '/products', { token: shopper.token, ip: '198.51.100.40' }))).toEqual({ status: 200, by: 'replica' });
  });

  it('bypasses a replica that lags more than the bound, and uses it again once it caught up', async () => {
    probe.primary = 300n;
    probe.replayed = 250n;
    await vi.waitFor(() => expect(reads.replicaInUse).toBe(false), { timeout: maxLagMs * 5, interval: 50 });
    expect(await servedBy(counter, () => t.rest('GET', '/brands', { ip: '192.0.2.1' }))).toEqual({ status: 200, by: 'primary' });
    probe.replayed = 300n;
    await inUse();
    expect(await servedBy(counter, () => t.rest('GET', '/brands', { ip: '192.0.2.1' }))).toEqual({ status: 200, by: 'replica' });
  });

  it('answers from the primary when the replica fails, and returns to it once the probe finds it well', async () => {
    await inUse();
    // The replica goes away before the probe notices: the read fails there and is run on the primary.
    counter.failing = true;
    const refusals = counter.refusals;
    const { status, body } = await t.rest<{ rows: { url: string }[] }>('GET', '/brands', { ip: '192.0.2.2' });
    expect(status).toBe(200);
    expect(body.rows.map((row) => row.url)).toContain('zenit');
    expect(counter.refusals).toBeGreaterThan(refusals);
    // The probe cannot reach it either: reads stay on the primary.
    probe.down = true;
    await probeAfterNow();
    expect(reads.replicaInUse).toBe(false);
    expect((await t.rest('GET', '/products', { ip: '192.0.2.2' })).status).toBe(200);

    counter.failing = false;
    probe.down = false;
    await inUse();
    expect(await servedBy(counter, () => t.rest('GET', '/brands', { ip: '192.0.2.2' }))).toEqual({ status: 200, by: 'replica' });
  });

  it('never uses a server that is not in recovery (a promoted replica, or the primary named twice)', async () => {
    probe.inRecovery = false;
    await probeAfterNow();
    expect(reads.replicaInUse).toBe(false);
    expect(await servedBy(counter, () => t.rest('GET', '/brands', { ip: '192.0.2.3' }))).toEqual({ status: 200, by: 'primary' });
    probe.inRecovery = true;
    await inUse();
  });

  it('never serves from a replica whose freshness was not proven within the bound', async () => {
    const own = new SteeredProbe();
    const routing = new ReadRouting({ primary: t.db, replica: t.db.withPlugin(new CountingPlugin()), probe: own, maxLagMs: 300 });
    const caller = { user: null, ip: '192.0.2.4' };
    expect(routing.forCaller(caller)).toBe(routing.primary);
    await routing.probeNow();
    expect(routing.forCaller(caller)).toBe(routing.replica);
    // No probe since: past the bound the replica is not used, whatever it may have replayed.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(routing.forCaller(caller)).toBe(routing.primary);
  });

  it('ignores DATABASE_REPLICA_URL on the embedded database, with a warning', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', DATABASE_REPLICA_URL: 'postgres://postgres@127.0.0.1:5433/shop' });
    expect(config.databaseReplica).toEqual({ url: 'postgres://postgres@127.0.0.1:5433/shop', maxLagMs: 5_000 });
    const lines: string[] = [];
    const embedded: DatabaseHandle = { db: t.db, kind: 'pglite', close: () => Promise.resolve() };
    const opened = await openReadRouting(config, embedded, { log: (line) => lines.push(line) });
    expect(opened.reads.replica).toBeUndefined();
    expect(lines.join('\n')).toMatch(/DATABASE_REPLICA_URL is ignored/);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'mysql://x' })).toThrow(/DATABASE_REPLICA_URL/);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://x/y', DATABASE_REPLICA_MAX_LAG_MS: '50' })).toThrow(/DATABASE_REPLICA_MAX_LAG_MS/);
  });
});

// The real hot standby: only where the tests run on PostgreSQL (it is a second PostgreSQL cluster).
if (process.env['DATABASE_URL']) describe('a real hot standby', standbyTests);
