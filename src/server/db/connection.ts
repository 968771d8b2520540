import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database, or `memory://` for a throw-away one. */
  dataDir: string;
  /** PostgreSQL only: the schema to work in (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
}

// bigint (count, sum) arrives as a JavaScript number: every count here is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

function createKysely(pool: pg.Pool): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}

/**
 * PostgreSQL through pg when DATABASE_URL is set; otherwise the embedded PGlite, reached through
 * PGlite's own node-postgres bridge so that both run the same driver, the same type parsers and
 * the same SQL.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
    });
    const db = createKysely(pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const memory = options.dataDir.startsWith('memory://');
  const dir = memory ? 'memory://' : path.join(options.dataDir, 'pglite');
  if (!memory) await fs.mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
  // PGlite is a single session: one connection, queries and transactions queue behind it.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = createKysely(pool);
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
