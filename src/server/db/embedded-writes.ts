import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import type { Db } from './schema.js';
import { runStatement } from './prepared.js';

/**
 * Writes to the embedded database, counted. PGlite lives in this process and
 * no other process can open its data directory, so every statement that can change its data
 * passes through this pool: a read made while the count was N is still exact while it is N
 * (services/catalogue/listing/caches.ts). A statement counts as a write unless it surely only reads:
 * it starts with SELECT or WITH (or is transaction control) and names nothing that writes. A
 * write rolled back counts too; that only costs answers read again. PostgreSQL has other writers
 * (instances, psql), so nothing is counted there.
 */
const control = /^(begin|start\s+transaction|commit|end|rollback|savepoint|release|show)\b/;
const query = /^(select|with)\b/;
/** Words of a statement that changes data, or takes a lock a reader would not (FOR UPDATE). */
const changing = /\b(insert|update|delete|merge|truncate|copy|call|do|into|lock|nextval|setval|notify|pg_notify|set_config|refresh)\b/;
const leadingComments = /^(\s+|\/\*[\s\S]*?\*\/|--[^\n]*(\n|$))+/;

/** True only for a statement that cannot change data. */
export function isReadOnlyStatement(sql: string): boolean {
  const text = sql.replace(leadingComments, '').toLowerCase();
  if (control.test(text)) return true;
  return query.test(text) && !changing.test(text);
}

const counters = new WeakMap<Db, WriteCountingPool>();

/** The embedded database's writes so far; null for PostgreSQL (or a transaction's own `Db`). */
export function embeddedWrites(db: Db): number | null {
  return counters.get(db)?.writes ?? null;
}

class CountingClient implements PostgresPoolClient {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly pool: WriteCountingPool,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sql: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sql !== 'string') throw new Error('Streaming cursors are not configured');
    // Counted before it runs: one connection, so nothing else reads between this and the write.
    if (!isReadOnlyStatement(sql)) this.pool.writes += 1;
    return runStatement(this.client, sql, parameters) as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.client.release();
  }
}

/** Kysely's view of the PGlite bridge's pool, counting writes. */
export class WriteCountingPool implements PostgresPool {
  writes = 0;
  /** Told how long each checkout waited for the one session (db/connection.ts sets it). */
  waited: ((seconds: number) => void) | undefined;

  constructor(private readonly pool: pg.Pool) {}

  /** Makes `embeddedWrites(db)` answer for the Kysely instance built on this pool. */
  track(db: Db): Db {
    counters.set(db, this);
    return db;
  }

  async connect(): Promise<PostgresPoolClient> {
    const start = performance.now();
    const client = await this.pool.connect();
    this.waited?.((performance.now() - start) / 1000);
    return new CountingClient(client, this);
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}
