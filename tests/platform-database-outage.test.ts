import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import { isDatabaseUnavailable } from '../src/server/db/errors.js';
import { inTransaction } from '../src/server/db/transaction.js';
import { DatabaseProxy } from './support/db-proxy.js';
import { startTestApp, type TestApp } from './support/harness.js';

/**
 * The database going away under a running shop. Always on the machine's PostgreSQL (the embedded
 * PGlite lives inside the process and cannot go away), in a database of this file's own, reached
 * through a proxy the test can cut.
 */
const serverUrl = new URL(process.env['POSTGRES_TEST_URL'] ?? process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test');
const databaseName = `shop_resilience_${randomBytes(4).toString('hex')}`;
const proxy = new DatabaseProxy({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
let t: TestApp;
let adminToken: string;

async function admin(sql: string, database = serverUrl.pathname.slice(1)): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: new URL(`/${database}`, serverUrl).toString() });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`create database ${databaseName}`);
  await proxy.start();
  const viaProxy = new URL(`/${databaseName}`, serverUrl);
  viaProxy.port = String(proxy.port);
  viaProxy.hostname = '127.0.0.1';
  t = await startTestApp({ DATABASE_URL: viaProxy.toString(), DB_CONNECT_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '2000' });
  adminToken = await t.signInAdmin();
});

afterAll(async () => {
  await proxy.restore();
  await t?.close();
  await proxy.stop();
  await admin(`drop database if exists ${databaseName} with (force)`);
});

const terminateBackends = () =>
  admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`);

interface Answer {
  status: number;
  body: { statusCode?: number; message?: string; id?: number; url?: string };
  ms: number;
}

async function timed(call: () => Promise<{ status: number; body: unknown }>): Promise<Answer> {
  const started = Date.now();
  const { status, body } = await call();
  return { status, body: body as Answer['body'], ms: Date.now() - started };
}

let written = 0;
function writeTag(): Promise<Answer> {
  written += 1;
  const url = `tag-${written}-${randomBytes(3).toString('hex')}`;
  return timed(() => t.rest('POST', '/tags', { token: adminToken, body: { name: `Метка ${written}`, url } }));
}
const readTags = () => timed(() => t.rest('GET', '/tags?limit=5'));

/** Requests until `ms` have passed, eight at a time, reads and writes mixed. */
async function load(ms: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: 8 }, async (_unused, worker) => {
      while (Date.now() < until) answers.push(await (worker % 2 ? writeTag() : readTags()));
    }),
  );
  return answers;
}

async function allAnswer200Within(ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const batch = await Promise.all([readTags(), writeTag(), readTags(), writeTag()]);
    if (batch.every((answer) => answer.status === 200)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`Still failing after ${ms} ms: ${JSON.stringify(batch)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectOnly200Or503(answers: Answer[]): void {
  for (const answer of answers) {
    expect([200, 503]).toContain(answer.status);
    if (answer.status === 503) expect(answer.body).toEqual({ statusCode: 503,code: 'SERVICE_UNAVAILABLE',  message: domainMessages.databaseUnavailable });
  }
}

describe('PostgreSQL going away under a running shop', () => {
  it('survives every backend being terminated under load: no 5xx but 503, then 200s from the same process', async () => {
    const running = load(3_000);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await terminateBackends();
    await new Promise((resolve) => setTimeout(resolve, 700));
    await terminateBackends();
    const answers = await running;
    expectOnly200Or503(answers);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(10);

    expect(await allAnswer200Within(5_000)).toBeLessThan(5_000);
    expect((await fetch(`${t.baseUrl}/health`)).status).toBe(200);
    expect((await fetch(`${t.baseUrl}/ready`)).status).toBe(200);
  });

  it('answers 503 quickly while the server is down, and 200 within 5 s of its return', async () => {
    await proxy.refuse();
    const whileDown = await Promise.all([readTags(), writeTag(), readTags()]);
    expectOnly200Or503(whileDown);
    for (const answer of whileDown) {
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThan(3_000);
    }
    expect((await fetch(`${t.baseUrl}/health`)).status).toBe(200);
    const ready = await fetch(`${t.baseUrl}/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');

    await proxy.restore();
    expect(await allAnswer200Within(5_000)).toBeLessThan(5_000);
  });

  it('answers 503 within the timeouts when the server stops answering, with no queue that waits for ever', async () => {
    await readTags();
    proxy.hang();
    const whileHung = await Promise.all(Array.from({ length: 12 }, (_unused, index) => (index % 3 ? readTags() : writeTag())));
    expectOnly200Or503(whileHung);
    for (const answer of whileHung) {
      expect(answer.status).toBe(503);
      // Statement deadline 2 s (+2 s on the client) or a connection/queue wait of 1 s.
      expect(answer.ms).toBeLessThan(6_000);
    }
    await proxy.restore();
    expect(await allAnswer200Within(5_000)).toBeLessThan(5_000);
  });

  it('ends a transaction caught mid-way by a frozen server within one statement deadline, the rollback not waiting again', async () => {
    const started = Date.now();
    const outcome = await inTransaction(t.db, async (trx) => {
      await sql`select 1`.execute(trx);
      proxy.hang();
      await sql`select 2`.execute(trx);
    }).then(
      () => 'committed',
      (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : String(error)),
    );
    const ms = Date.now() - started;
    await proxy.restore();
    expect(outcome).toBe('unavailable');
    // Statement deadline 2 s + 2 s on the client; the rollback used to wait as long again.
    expect(ms).toBeLessThan(5_500);
    expect(await allAnswer200Within(5_000)).toBeLessThan(5_000);
  });

  it('never loses an acknowledged write', async () => {
    const answers = await (async () => {
      const running = load(2_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await terminateBackends();
      return running;
    })();
    await allAnswer200Within(5_000);
    const acknowledged = answers.filter((answer) => answer.status === 200 && typeof answer.body.url === 'string').map((answer) => answer.body.url!);
    expect(acknowledged.length).toBeGreaterThan(0);
    const stored = await t.db.selectFrom('tags').select('url').where('url', 'in', acknowledged).execute();
    expect(stored.length).toBe(acknowledged.length);
  });
});
