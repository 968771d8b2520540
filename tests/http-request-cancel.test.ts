import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelTarget, sendCancelRequest } from '../src/server/db/cancel-request.js';
import { requestScope } from '../src/server/db/request-scope.js';
import { openOneConnection, startTestApp, type TestApp } from './support/harness.js';

/**
 * A request whose client has gone stops its SQL: the statement is cancelled with the protocol's
 * cancel request (no login needed), and the connection is clean for the next request.
 */

let t: TestApp;
const databaseUrl = process.env['DATABASE_URL'];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function giveUp(path: string, afterMs: number): Promise<void> {
  const controller = new AbortController();
  const pending = fetch(`${t.baseUrl}${path}`, { signal: controller.signal }).catch(() => undefined);
  await sleep(afterMs);
  controller.abort();
  await pending;
}

describe('a request whose client has gone', () => {
  it('has its statement cancelled (PostgreSQL; PGlite runs one statement at a time and answers on)', async () => {
    if (!databaseUrl) {
      await giveUp('/api/products?limit=1', 0);
      expect((await t.rest('GET', '/products?limit=1')).status).toBe(200);
      return;
    }
    // Another session holds the products table, so the catalogue page waits on its lock.
    const locker = new pg.Client({ connectionString: databaseUrl });
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
    const schema = t.database.schema ?? 'public';
    const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    // Only the sessions this test's lock holds up (other test files run their own lock waits).
    const waiting = async () =>
      (await watcher.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [lockerPid])).rows[0]?.n ?? 0;
    try {
      await locker.query('begin');
      await locker.query(`lock table ${schema}.products in access exclusive mode`);
      const controller = new AbortController();
      const pending = fetch(`${t.baseUrl}/api/products?limit=1`, { signal: controller.signal }).catch(() => undefined);
      let before = 0;
      for (let i = 0; i < 50 && before === 0; i++) {
        await sleep(100);
        before = await waiting();
      }
      expect(before).toBe(1);
      controller.abort();
      await pending;
      let after = before;
      for (let i = 0; i < 50 && after > 0; i++) {
        await sleep(100);
        after = await waiting();
      }
      // Cancelled while the lock is still held: nobody waits on it any more.
      expect(after).toBe(0);
    } finally {
      await locker.query('rollback');
      await Promise.all([locker.end(), watcher.end()]);
    }
    expect((await t.rest('GET', '/products?limit=1')).status).toBe(200);
  });

  it('leaves the app answering the next requests', async () => {
    for (const after of [0, 1, 5]) await giveUp(`/api/products?limit=50&name=${encodeURIComponent('кроссовки белые')}`, after);
    expect((await t.rest('GET', '/products?limit=1')).status).toBe(200);
    expect((await t.rest('GET', `/products?name=${encodeURIComponent('krossovki')}`)).status).toBe(200);
  });
});

describe('a statement cancelled for a client that went away', () => {
  it('never reaches the next request on its connection, however late the cancel comes', async () => {
    const single = await openOneConnection(t);
    try {
      const backend = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(single.db)).rows[0]?.pid;
      const first = await backend();
      // The client leaves before, around and after the end of a 50 ms statement: a cancel that
      // arrives once it finished must not stop the next statement on the same connection.
      for (let i = 0; i < 16; i++) {
        const controller = new AbortController();
        const gone = requestScope.run({ signal: controller.signal }, () =>
          sql`do $$ begin perform pg_sleep(0.05); exception when query_canceled then null; end $$`.execute(single.db).catch(() => undefined),
        );
        await sleep(35 + i * 2);
        controller.abort();
        await gone;
        expect(await sql`select pg_sleep(0.05)`.execute(single.db).then(() => 'done')).toBe('done');
      }
      // The connection was kept: a cancelled statement costs no new connection.
      if (databaseUrl) expect(await backend()).toBe(first);
    } finally {
      await single.close();
    }
  });

  it('leaves no transaction open on its connection when the client goes inside one', async () => {
    const single = await openOneConnection(t);
    try {
      for (const leaveAfterMs of [30, 120]) {
        const controller = new AbortController();
        // Gone during the first statement (30 ms) or between the two (120 ms).
        const gone = requestScope.run({ signal: controller.signal }, () =>
          single.db
            .transaction()
            .execute(async (trx) => {
              await sql`select pg_sleep(0.08)`.execute(trx);
              await sql`select pg_sleep(0.08)`.execute(trx);
            })
            .then(
              () => 'committed',
              () => 'failed',
            ),
        );
        await sleep(leaveAfterMs);
        controller.abort();
        // PostgreSQL stops it; PGlite's one in-process session runs it to its end.
        expect(await gone).toBe(databaseUrl ? 'failed' : 'committed');
        // The next statement on the one connection runs in a transaction of its own.
        const own = await sql<{ own: boolean }>`select xact_start = statement_timestamp() as own from pg_stat_activity where pid = pg_backend_pid()`.execute(single.db);
        if (databaseUrl) expect(own.rows[0]?.own).toBe(true);
        else expect((await sql<{ one: number }>`select 1 as one`.execute(single.db)).rows[0]?.one).toBe(1);
      }
    } finally {
      await single.close();
    }
  });
});

describe('the protocol cancel request', () => {
  it('is sent over TCP to the URL’s host and port; sockets and TLS use a connection instead', () => {
    expect(cancelTarget('postgres://postgres@127.0.0.1:5433/shop')).toEqual({ host: '127.0.0.1', port: 5433 });
    expect(cancelTarget('postgres://u:p@db.example/shop')).toEqual({ host: 'db.example', port: 5432 });
    expect(cancelTarget('postgres://u@[::1]:5432/shop')).toEqual({ host: '::1', port: 5432 });
    expect(cancelTarget('postgres://u@localhost/shop?host=/var/run/postgresql')).toBeUndefined();
    expect(cancelTarget('postgres://u@db.example/shop?sslmode=require')).toBeUndefined();
    expect(cancelTarget(undefined)).toBeUndefined();
  });

  it('stops a running statement at once (PostgreSQL), and fails where nobody listens', async () => {
    if (!databaseUrl) {
      // A port just closed: the caller then falls back to pg_cancel_backend.
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address() as net.AddressInfo;
      await new Promise((resolve) => server.close(resolve));
      await expect(sendCancelRequest({ host: '127.0.0.1', port: address.port }, 1, 1, 1_000)).rejects.toThrow();
      return;
    }
    const target = cancelTarget(databaseUrl);
    expect(target).toBeDefined();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { processID, secretKey } = client as unknown as { processID: number; secretKey: number };
      const started = Date.now();
      const sleeping = client.query('select pg_sleep(10)').then(
        () => 'finished',
        (error: { code?: string }) => error.code,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (target) await sendCancelRequest(target, processID, secretKey, 2_000);
      expect(await sleeping).toBe('57014');
      expect(Date.now() - started).toBeLessThan(5_000);
      // The session itself stays usable.
      expect((await client.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
    } finally {
      await client.end();
    }
  });
});
