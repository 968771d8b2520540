import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

/** Issue 13 point 5: a request whose client has gone stops its SQL. */

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
    const waiting = async () =>
      (
        await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where state = 'active' and wait_event_type = 'Lock' and query like '%product%' and pid <> pg_backend_pid()`,
        )
      ).rows[0]?.n ?? 0;
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
