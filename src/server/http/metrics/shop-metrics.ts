import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/connection.js';
import { listenToDatabase, poolState, type DatabaseEvent } from '../../db/observers.js';

/**
 * The app's metrics, on a registry of its own (several apps run in one test process, and the
 * global registry would mix them). docs/metrics.md lists every series and what it means.
 */
export interface ShopMetrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Stops listening to the database handle. */
  close(): void;
}

/** Seconds; a request above 30 s is cut by the timeouts anyway. */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds; the statement timeout is 10 s by default. */
const statementBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Waiting {
  mail: number;
  webhooks: number;
}

/** Letters and webhook deliveries still to go: two counts over the partial indexes of pending rows. */
async function waitingInOutbox(db: Db): Promise<Waiting> {
  const { rows } = await sql<Waiting>`select
      (select count(*) from mail_outbox where status = 'pending')::int as mail,
      (select count(*) from webhook_deliveries where status = 'pending')::int as webhooks`.execute(db);
  return rows[0] ?? { mail: 0, webhooks: 0 };
}

/**
 * `db` is the primary; `replica` (docs/replicas.md), when the app reads from one, is measured too:
 * its statements, pool and the cache lookups made on it carry `database="replica"`.
 */
export function createShopMetrics(db: Db, replica?: Db): ShopMetrics {
  const handles: Array<{ db: Db; database: 'primary' | 'replica' }> = [{ db, database: 'primary' }];
  if (replica && replica !== db) handles.push({ db: replica, database: 'replica' });
  const registry = new Registry();
  const registers = [registry];
  // Process memory, CPU, handles, GC, and the event loop's delay (perf_hooks.monitorEventLoopDelay:
  // nodejs_eventloop_lag_{min,max,mean,stddev,p50,p90,p99}_seconds since the previous scrape).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const requestDuration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (or tRPC procedure) and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: requestBuckets,
    registers,
  });
  const statementDuration = new Histogram({
    name: 'shop_db_statement_duration_seconds',
    help: 'Time of one database statement, by kind; outcome error when it failed',
    labelNames: ['database', 'kind', 'outcome'] as const,
    buckets: statementBuckets,
    registers,
  });
  const poolWait = new Histogram({
    name: 'shop_db_pool_wait_seconds',
    help: 'Time a checkout waited for a pool connection (embedded database: for its one session)',
    labelNames: ['database'] as const,
    buckets: statementBuckets,
    registers,
  });
  new Gauge({
    name: 'shop_db_pool_connections',
    help: 'Connections of the pool: busy (checked out), idle, max (the bound)',
    labelNames: ['database', 'state'] as const,
    registers,
    collect() {
      for (const { db: handle, database } of handles) {
        const pool = poolState(handle);
        if (!pool) continue;
        this.set({ database, state: 'busy' }, pool.total - pool.idle);
        this.set({ database, state: 'idle' }, pool.idle);
        this.set({ database, state: 'max' }, pool.max);
      }
    },
  });
  new Gauge({
    name: 'shop_db_pool_waiting',
    help: 'Checkouts waiting for a pool connection now (embedded database: queued for its one session)',
    labelNames: ['database'] as const,
    registers,
    collect() {
      for (const { db: handle, database } of handles) {
        const pool = poolState(handle);
        if (pool) this.set({ database }, pool.waiting);
      }
    },
  });
  new Gauge({
    name: 'shop_outbox_waiting',
    help: 'Letters (mail) and webhook deliveries (webhooks) waiting to be sent',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      // A database that does not answer leaves the series out of this scrape, not the scrape failed.
      const waiting = await waitingInOutbox(db).catch(() => null);
      this.reset();
      if (!waiting) return;
      this.set({ queue: 'mail' }, waiting.mail);
      this.set({ queue: 'webhooks' }, waiting.webhooks);
    },
  });
  const ordersPlaced = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders placed: by a signed-in shopper (user), without an account (direct), by staff (staff)',
    labelNames: ['kind'] as const,
    registers,
  });
  const ordersPaid = new Counter({ name: 'shop_orders_paid_total', help: 'Orders whose online payment succeeded', registers });
  const cacheLookups = new Counter({
    name: 'shop_catalogue_cache_lookups_total',
    help: "Lookups in the catalogue's in-memory caches: hit, miss, or stale (kept but found outdated)",
    labelNames: ['database', 'cache', 'result'] as const,
    registers,
  });

  // Every series exists from the first scrape, so rate() and ratios see the first increment.
  for (const kind of ['user', 'direct', 'staff']) ordersPlaced.inc({ kind }, 0);
  for (const { database } of handles) {
    for (const cache of ['answers', 'readings', 'rankings', 'tree', 'shapes', 'words']) {
      for (const result of ['hit', 'miss', 'stale']) cacheLookups.inc({ database, cache, result }, 0);
    }
  }

  const onEvent = (database: 'primary' | 'replica', event: DatabaseEvent) => {
    switch (event.type) {
      case 'statement':
        statementDuration.observe({ database, kind: event.kind, outcome: event.failed ? 'error' : 'ok' }, event.seconds);
        break;
      case 'poolWait':
        poolWait.observe({ database }, event.seconds);
        break;
      case 'orderPlaced':
        ordersPlaced.inc({ kind: event.kind });
        break;
      case 'orderPaid':
        ordersPaid.inc();
        break;
      case 'cache':
        cacheLookups.inc({ database, cache: event.cache, result: event.result });
        break;
    }
  };
  const stops = handles.map(({ db: handle, database }) => listenToDatabase(handle, (event) => onEvent(database, event)));
  return {
    registry,
    requestDuration,
    close() {
      for (const stop of stops) stop();
      registry.clear();
    },
  };
}
