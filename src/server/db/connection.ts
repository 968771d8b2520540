import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { CamelCasePlugin, Kysely, PostgresDialect, type PostgresCursor, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { isCancelledStatement, isDatabaseUnavailable } from './errors.js';
import { cancelTarget, sendCancelRequest } from './cancel-request.js';
import { WriteCountingPool } from './embedded-writes.js';
import { describePool, reportToDatabase, statementKind } from './observers.js';
import { runStatement } from './prepared.js';
import { ClientGoneError, requestScope } from './request-scope.js';
import type { Database, Db } from './schema.js';

/** The query builder type lives with the tables (db/schema.ts); most modules import it from here. */
export type { Db } from './schema.js';

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (a template for `DatabaseOptions.template`). */
  dump?: () => Promise<Blob>;
}

/**
 * How long the shop waits on PostgreSQL before answering 503 (README → Database timeouts). A
 * request never queues without bound: waiting for a pool connection, connecting, and each
 * statement all have a deadline.
 */
export interface DatabaseTimeouts {
  /** Connecting, and waiting for a free connection of the pool. */
  connectMs: number;
  /** One statement, enforced by PostgreSQL (`statement_timeout`). */
  statementMs: number;
  /** One statement, enforced by the client as well: covers a server that stopped answering. */
  queryMs: number;
  /** A transaction left open without a statement is ended by PostgreSQL. */
  idleInTransactionMs: number;
}

/** Connections of a PostgreSQL pool unless the caller says otherwise. */
const defaultPoolSize = 20;

export const defaultTimeouts: DatabaseTimeouts = { connectMs: 3_000, statementMs: 10_000, queryMs: 12_000, idleInTransactionMs: 30_000 };

/** The request timeouts of the configuration (connect, statement); the client's own deadline follows. */
export function requestTimeouts(configured: { connectMs: number; statementMs: number }): DatabaseTimeouts {
  return { ...defaultTimeouts, ...configured, queryMs: configured.statementMs + 2_000 };
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database, or `memory://` for a throw-away one. */
  dataDir: string;
  /** PostgreSQL only: the schema to work in (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
  timeouts?: Partial<DatabaseTimeouts>;
  /** Where connection faults are reported; they never reach the process as unhandled errors. */
  onConnectionError?: (error: Error) => void;
  /** PGlite in memory only: start from this dumped data directory instead of an empty cluster. */
  template?: Blob;
}

// bigint arrives as a JavaScript number, on PostgreSQL and on PGlite alike (its bridge runs pg's
// parsers): counts, counters, and money (kopecks, migration 0015), all far below 2^53 (about
// 90 trillion rubles). sum() over a bigint is numeric, which stays a string: the one sum of money
// in SQL (the dashboard's revenue, orders/stats.ts) is read inside JSON, where it is a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * The query builder on a pool, telling the handle's listeners (db/observers.ts) each statement's
 * kind and duration, and how its pool stands; `waited` is handed the seconds each checkout waited.
 */
function createKysely(pool: PostgresPool & { waited?: (seconds: number) => void }, pgPool: pg.Pool, max: number): Db {
  const db: Db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log: (event) =>
      reportToDatabase(db, {
        type: 'statement',
        kind: statementKind(event.query.query, event.query.sql),
        seconds: event.queryDurationMillis / 1000,
        failed: event.level === 'error',
      }),
  });
  pool.waited = (seconds) => reportToDatabase(db, { type: 'poolWait', seconds });
  describePool(db, () => ({ max, total: pgPool.totalCount, idle: pgPool.idleCount, waiting: pgPool.waitingCount }));
  return db;
}

/** Seconds since `start` (a `performance.now()` reading). */
const secondsSince = (start: number) => (performance.now() - start) / 1000;

const isRollback = (sql: string) => /^\s*rollback\b/i.test(sql);
/** The answer of a statement that needed no round trip. */
const nothingDone: PostgresQueryResult<never> = { command: 'SELECT', rowCount: 0, rows: [] };

/**
 * One checkout of a pooled connection; a connection that failed as a connection is not reused.
 * `cancel` resolves true once the server has surely received the cancel.
 */
class Checkout implements PostgresPoolClient {
  broken = false;
  /** A cancel sent for this checkout's statement: the connection goes back only after it landed. */
  cancelling: Promise<boolean> | undefined;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly cancel: (processId: number, secretKey: number | undefined) => Promise<boolean>,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sql: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sql !== 'string') throw new Error('Streaming cursors are not configured');
    // A connection whose statement went unanswered is discarded on release, and the server ends
    // its transaction when the connection goes: a rollback sent into it would only wait for the
    // same deadline again (a checkout caught by a frozen server answered after 24 s, not 12).
    if (this.broken) {
      if (isRollback(sql)) return Promise.resolve(nothingDone);
      return Promise.reject(new Error('Connection terminated: discarded after an unanswered statement'));
    }
    // A statement of a request whose client has gone is not started, and a running one is cancelled;
    // a rollback always runs, or the connection would go back to the pool inside a transaction.
    const signal = isRollback(sql) ? undefined : requestScope.getStore()?.signal;
    if (signal?.aborted) return Promise.reject(new ClientGoneError());
    const { processID: processId, secretKey } = this.client as unknown as { processID?: number | null; secretKey?: number | null };
    const onAbort = () => {
      // A cancel names a backend, not a statement: were this connection back in the pool when the
      // cancel arrives, it would stop another request's statement. So the connection is released
      // only once the server has taken the cancel (a backend that already finished ignores it
      // while it waits for the next command), and discarded when that is not sure.
      if (processId) this.cancelling = this.cancel(processId, secretKey ?? undefined);
      else this.broken = true;
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    return runStatement(this.client, sql, parameters).then(
      (result) => {
        signal?.removeEventListener('abort', onAbort);
        return result as unknown as PostgresQueryResult<R>;
      },
      (error: unknown) => {
        signal?.removeEventListener('abort', onAbort);
        // A client-side timeout leaves the statement unanswered on this connection: it must go.
        // A statement the server cancelled (statement_timeout, a client gone) leaves it sound.
        if (isDatabaseUnavailable(error) && !isCancelledStatement(error)) this.broken = true;
        throw error;
      },
    );
  }

  release(): void {
    const cancelling = this.cancelling;
    this.cancelling = undefined;
    const giveBack = (broken: boolean) => this.client.release(broken ? new Error('Connection discarded after a connection fault') : undefined);
    if (!cancelling) return giveBack(this.broken);
    const broken = this.broken;
    void cancelling.then((landed) => giveBack(broken || !landed));
  }
}

/** Kysely's view of the pg pool, which drops broken connections instead of reusing them. */
class DiscardingPool implements PostgresPool {
  readonly #checkouts = new WeakMap<pg.PoolClient, Checkout>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: DatabaseOptions,
  ) {
    this.#cancelTarget = cancelTarget(options.databaseUrl);
  }

  readonly #cancelTarget: { host: string; port: number } | undefined;

  /**
   * Cancels the statement running on a backend without the pool (it may be exhausted by exactly
   * the requests being given up): with the protocol's CancelRequest where the server is reached
   * over TCP, else over a connection of its own.
   */
  readonly cancel = async (processId: number, secretKey: number | undefined): Promise<boolean> => {
    if (this.#cancelTarget && secretKey !== undefined) {
      try {
        await sendCancelRequest(this.#cancelTarget, processId, secretKey, 2_000);
        return true;
      } catch {
        // Fall through to the connection of its own.
      }
    }
    const client = new pg.Client({ connectionString: this.options.databaseUrl, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select pg_cancel_backend($1)', [processId]);
      return true;
    } catch {
      // The statement then ends by its own timeout, and its connection is not reused.
      return false;
    } finally {
      void client.end().catch(() => undefined);
    }
  };

  /** Told how long each checkout waited for its connection (createKysely sets it). */
  waited: ((seconds: number) => void) | undefined;

  async connect(): Promise<Checkout> {
    const start = performance.now();
    const client = await this.pool.connect();
    this.waited?.(secondsSince(start));
    let checkout = this.#checkouts.get(client);
    if (!checkout) {
      checkout = new Checkout(client, this.cancel);
      this.#checkouts.set(client, checkout);
    }
    checkout.broken = false;
    return checkout;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/**
 * A pool that survives PostgreSQL going away: a backend terminated under an idle or a checked-out
 * connection emits `error` on that client (and the pool), which would otherwise end the process.
 * The broken client is dropped by the pool on release (it is no longer queryable), and the next
 * request opens a fresh connection once the server is back.
 */
function resilientPool(options: DatabaseOptions): pg.Pool {
  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  const report = options.onConnectionError ?? (() => undefined);
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? defaultPoolSize,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
  });
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return pool;
}

/**
 * PostgreSQL through pg when DATABASE_URL is set; otherwise the embedded PGlite, reached through
 * PGlite's own node-postgres bridge so that both run the same driver, the same type parsers and
 * the same SQL.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pgPool = resilientPool(options);
    const db = createKysely(new DiscardingPool(pgPool, options), pgPool, options.poolSize ?? defaultPoolSize);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const memory = options.dataDir.startsWith('memory://');
  const dir = memory ? 'memory://' : path.join(options.dataDir, 'pglite');
  if (!memory) await fs.mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(memory && options.template ? { loadDataDir: options.template } : {}),
  });
  // PGlite is a single session: one connection, queries and transactions queue behind it.
  const pgPool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const pool = new WriteCountingPool(pgPool);
  const db = pool.track(createKysely(pool, pgPool, 1));
  return {
    db,
    kind: 'pglite',
    dump: () => pglite.dumpDataDir('none'),
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
