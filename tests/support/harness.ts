import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createTRPCClient, httpLink } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import superjson from 'superjson';
import { inject } from 'vitest';
import { checkAnswers, type SeenAnswer } from './answer-check.js';
import { restCall, type RestOptions } from './rest.js';
import { buildApp } from '../../src/server/app.js';
import { buildOpenApiDocument } from '../../src/server/rest/openapi.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDatabase, requestTimeouts, type DatabaseHandle, type Db } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { ReadRouting } from '../../src/server/db/replica.js';
import type { AppRouter } from '../../src/server/routers/index.js';
import { ensureAdmin } from '../../src/server/services/accounts/admin-bootstrap.js';

export const adminCredentials = { email: 'admin@shop.test', password: 'admin-password-1' };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  baseUrl: string;
  /** A typed tRPC client over HTTP, optionally with a Bearer token. */
  trpc(accessToken?: string): ReturnType<typeof createTRPCClient<AppRouter>>;
  /** A REST call to /api; JSON in, `{ status, body }` out. */
  rest<T = unknown>(method: string, path: string, options?: RestOptions): Promise<{ status: number; body: T }>;
  signInAdmin(): Promise<string>;
  /** Pass to another startTestApp to run a second instance on the same database. */
  database: SharedTestDatabase;
  close(): Promise<void>;
}

export interface SharedTestDatabase {
  schema: string | undefined;
  handle: DatabaseHandle;
}

export interface TestAppOptions {
  /** The app's read routing (tests of read replicas), given the app's database and schema. */
  reads?: (db: Db, schema: string | undefined) => ReadRouting | Promise<ReadRouting>;
}

/**
 * Starts the real app on a free port against a real database: an in-memory PGlite by default, or
 * a fresh schema of the PostgreSQL named by DATABASE_URL (dropped again on close).
 */
export async function startTestApp(env: Record<string, string> = {}, clientDir?: string, shared?: SharedTestDatabase, options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = env['DATABASE_URL'] ?? process.env['DATABASE_URL'];
  const schema = shared ? shared.schema : databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  // A second instance on PostgreSQL gets its own pool on the first one's schema; on PGlite (one
  // session) it shares the first one's handle. Either way the first instance owns the database.
  const ownsDatabase = !shared;
  if (ownsDatabase && databaseUrl && schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env });
  const handle =
    shared && !databaseUrl
      ? shared.handle
      : await openDatabase({
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          timeouts: requestTimeouts(config.databaseTimeouts),
          ...(schema ? { schema, poolSize: 5 } : {}),
          ...(!databaseUrl && config.dataDir.startsWith('memory://') ? await pgliteTemplate() : {}),
        });
  if (ownsDatabase) {
    await migrateToLatest(handle.db);
    await ensureAdmin(handle.db, adminCredentials);
  }
  const reads = options.reads ? await options.reads(handle.db, schema) : undefined;
  const app = await buildApp({ config, db: handle.db, logger: false, ...(clientDir ? { clientDir } : {}), ...(reads ? { reads } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  const trpc = (accessToken?: string) =>
    createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${baseUrl}/trpc`,
          transformer: superjson,
          headers: () => (accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
        }),
      ],
    });

  const seen: SeenAnswer[] = [];
  const rest: TestApp['rest'] = async (method, path, options = {}) => {
    const answer = await restCall(baseUrl, method, path, options);
    seen.push({ method, path, status: answer.status, body: answer.body });
    return answer as never;
  };


  return {
    app,
    db: handle.db,
    config,
    baseUrl,
    trpc,
    rest,
    async signInAdmin() {
      const result = await trpc().accounts.auth.signin.mutate(adminCredentials);
      return result.accessToken;
    },
    database: { schema, handle },
    async close() {
      // Every REST answer this app gave the test, checked against the document /api/openapi.json serves.
      const problems = checkAnswers(buildOpenApiDocument() as unknown as Parameters<typeof checkAnswers>[0], seen);
      await app.close();
      if (handle !== shared?.handle) await handle.close();
      if (ownsDatabase && databaseUrl && schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      }
      if (problems.length) throw new Error(`REST answers that the OpenAPI document does not describe:\n${problems.slice(0, 20).join('\n')}`);
    },
  };
}

/**
 * A pool of one connection on the app's database, so that consecutive statements meet the same
 * session: on PostgreSQL the app's schema; on PGlite (one session per database) a fresh empty one.
 */
export function openOneConnection(t: TestApp): Promise<DatabaseHandle> {
  const schema = t.database.schema;
  return openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: 'memory://', poolSize: 1, ...(schema ? { schema } : {}) });
}

/** The migrated PGlite that the global setup dumped, when this run has one (see pglite-template.ts). */
async function pgliteTemplate(): Promise<{ template?: Blob }> {
  // Outside Vitest (bench/bundle.ts) there is no global setup to ask.
  const file = process.env['VITEST'] ? inject('pgliteTemplate') : '';
  return file ? { template: new Blob([await fs.readFile(file)]) } : {};
}

/** `vi.waitFor` options for work done in the background (letters, Redis connecting): CI machines are loaded, 1 s is not enough. */
export const slow = { timeout: 10_000, interval: 25 };
