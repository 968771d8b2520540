import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection.js';
import { ReadRouting, sqlProbe } from '../../src/server/db/replica.js';
import { signUp } from './orders-support.js';
import { startTestApp, type TestApp } from './harness.js';
import { CountingPlugin, servedBy } from './replica-support.js';

/**
 * The read replica against a real hot standby of the machine's PostgreSQL: scripts/replica.sh makes
 * it with pg_basebackup and starts it (CI's scripts/test-all.sh starts it before the PostgreSQL
 * run; a run of this file alone starts it here and removes it afterwards). The app gets a pool on
 * the standby (in the test's schema, which streaming replication brings over) and the SQL probe.
 */
const script = fileURLToPath(new URL('../../scripts/replica.sh', import.meta.url));
const primaryUrl = new URL(process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test');
const replicaUrl = new URL(process.env['POSTGRES_REPLICA_TEST_URL'] ?? primaryUrl.toString());
if (!process.env['POSTGRES_REPLICA_TEST_URL']) replicaUrl.port = '5433';
const scriptEnv = { ...process.env, REPLICA_PORT: replicaUrl.port || '5432', PRIMARY_HOST: primaryUrl.hostname, PRIMARY_PORT: primaryUrl.port || '5432' };
const maxLagMs = 1_500;
const waitLong = { timeout: 30_000, interval: 100 };

const run = promisify(execFile);
const replicaScript = (command: 'start' | 'stop' | 'remove' | 'status') => run('bash', [script, command], { env: scriptEnv });

async function onStandby(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: replicaUrl.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function standbyTests(): void {
  const counter = new CountingPlugin();
  let startedHere = false;
  let replica: DatabaseHandle | undefined;
  let reads: ReadRouting;
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    startedHere = await replicaScript('status').then(
      () => false,
      () => true,
    );
    await replicaScript('start');
    t = await startTestApp({}, undefined, undefined, {
      reads: async (db, schema) => {
        replica = await openDatabase({
          databaseUrl: replicaUrl.toString(),
          dataDir: 'memory://',
          poolSize: 3,
          timeouts: { connectMs: 1_000, statementMs: 3_000, queryMs: 5_000 },
          ...(schema ? { schema } : {}),
        });
        reads = new ReadRouting({ primary: db, replica: replica.db.withPlugin(counter), probe: sqlProbe(db, replica.db), maxLagMs, probeEveryMs: 100 });
        return reads;
      },
    });
    adminToken = await t.signInAdmin();
  });

  afterAll(async () => {
    await onStandby('select pg_wal_replay_resume()').catch(() => undefined);
    await t?.close();
    await replica?.close();
    if (startedHere) await replicaScript('remove');
  });

  const inUse = () => vi.waitFor(() => expect(reads.replicaInUse).toBe(true), waitLong);
  const brandUrls = async (ip: string, token?: string) => {
    const { status, body } = await t.rest<{ rows: { url: string }[] }>('GET', '/brands?limit=100', { ip, ...(token ? { token } : {}) });
    expect(status).toBe(200);
    return body.rows.map((row) => row.url);
  };

  it('serves a shopper\'s reads from the standby (a server in recovery)', async () => {
    await inUse();
    const { rows } = await sql<{ inRecovery: boolean }>`select pg_is_in_recovery() as in_recovery`.execute(reads.replica ?? t.db);
    expect(rows[0]?.inRecovery).toBe(true);
    expect(await servedBy(counter, () => t.rest('GET', '/products', { ip: '203.0.113.60' }))).toEqual({ status: 200, by: 'replica' });
    expect(await servedBy(counter, () => t.rest('GET', '/news', { ip: '203.0.113.60' }))).toEqual({ status: 200, by: 'replica' });
    expect(await servedBy(counter, () => t.rest('GET', '/products', { ip: '203.0.113.60', token: adminToken }))).toEqual({ status: 200, by: 'primary' });
  });

  it('sends a shopper who wrote to the primary until the standby has replayed the write', async () => {
    const shopper = await signUp(t, 'standby-reader@example.com');
    await inUse();
    // Replay paused: the standby cannot have what is written now.
    await onStandby('select pg_wal_replay_pause()');
    try {
      expect((await t.rest('POST', '/baskets', { body: {}, token: shopper.token, ip: '198.51.100.70' })).status).toBe(200);
      expect(await servedBy(counter, () => t.rest('GET', '/products', { token: shopper.token, ip: '198.51.100.71' }))).toEqual({ status: 200, by: 'primary' });
      expect(await servedBy(counter, () => t.rest('GET', '/products', { ip: '198.51.100.70' }))).toEqual({ status: 200, by: 'primary' });
    } finally {
      await onStandby('select pg_wal_replay_resume()');
    }
    await vi.waitFor(async () => {
      expect(await servedBy(counter, () => t.rest('GET', '/products', { token: shopper.token, ip: '198.51.100.71' }))).toEqual({ status: 200, by: 'replica' });
    }, waitLong);
  });

  it('bypasses a standby whose replay is paused once it lags past the bound, never serving what it lacks', async () => {
    await inUse();
    await onStandby('select pg_wal_replay_pause()');
    try {
      const created = await t.rest('POST', '/brands', { token: adminToken, body: { name: 'Отставший', url: 'otstavshij' } });
      expect(created.status).toBe(200);
      await vi.waitFor(() => expect(reads.replicaInUse).toBe(false), waitLong);
      // The standby lacks the brand; a shopper's read goes to the primary and has it.
      const onReplica = await (reads.replica ?? t.db).selectFrom('brands').select('id').where('url', '=', 'otstavshij').execute();
      expect(onReplica).toEqual([]);
      const before = counter.statements;
      expect(await brandUrls('192.0.2.60')).toContain('otstavshij');
      expect(counter.statements).toBe(before);
    } finally {
      await onStandby('select pg_wal_replay_resume()');
    }
    await inUse();
    const before = counter.statements;
    expect(await brandUrls('192.0.2.61')).toContain('otstavshij');
    expect(counter.statements).toBeGreaterThan(before);
  });

  it('answers from the primary while the standby is stopped, and uses it again once it is back', async () => {
    await inUse();
    await replicaScript('stop');
    try {
      expect((await t.rest('GET', '/products', { ip: '192.0.2.70' })).status).toBe(200);
      expect(await brandUrls('192.0.2.70')).toContain('otstavshij');
      await vi.waitFor(() => expect(reads.replicaInUse).toBe(false), waitLong);
      expect(await servedBy(counter, () => t.rest('GET', '/products', { ip: '192.0.2.71' }))).toEqual({ status: 200, by: 'primary' });
    } finally {
      await replicaScript('start');
    }
    await inUse();
    expect(await servedBy(counter, () => t.rest('GET', '/products', { ip: '192.0.2.72' }))).toEqual({ status: 200, by: 'replica' });
  });
}
