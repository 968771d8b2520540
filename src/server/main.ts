import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.js';
import type { DatabaseHandle } from './db/connection.js';
import { openReadRouting, type OpenedReads } from './db/replica-setup.js';
import { prepareDatabase } from './db/setup.js';

/**
 * After SIGTERM the process is gone within `shutdownDeadlineMs`: new requests get 503 at once,
 * requests in flight finish until `closeConnectionsAtMs`, when the connections still open (slow
 * or stalled clients) are closed; letters in flight and the database close in the time left.
 */
export const shutdownDeadlineMs = 10_000;
export const closeConnectionsAtMs = 9_000;

const log = (message: string) => process.stdout.write(`${message}\n`);

async function main(): Promise<void> {
  const config = loadConfig();
  let app: FastifyInstance | undefined;
  let database: DatabaseHandle | undefined;
  let replica: OpenedReads | undefined;
  let stopping = false;
  let startup: Promise<void> = Promise.resolve();

  // Installed before any start-up work: a signal during migrations or the first seed ends the
  // process cleanly (the seed's transaction is either committed with its mark or not at all).
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down (at most ${shutdownDeadlineMs / 1000} s)`);
    setTimeout(() => {
      log('Shutdown: closing the connections still open');
      app?.server.closeAllConnections();
    }, closeConnectionsAtMs).unref();
    setTimeout(() => {
      log('Shutdown deadline passed: exiting');
      process.exit(1);
    }, shutdownDeadlineMs).unref();
    try {
      // Start-up work under way (a migration, the first seed) finishes or meets the deadline.
      await startup.catch(() => undefined);
      if (app) {
        await app.beginClosing();
        await app.close();
      }
      if (replica) await replica.close();
      if (database) await database.close();
      process.exit(0);
    } catch (error) {
      log(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  startup = (async () => {
    // The app's modules load while the database opens: a quicker first answer.
    const appModule = import('./app.js');
    const opened = await prepareDatabase(config, { log, stopping: () => stopping });
    database = opened;
    if (stopping) return;
    replica = await openReadRouting(config, opened, { log });
    const { buildApp } = await appModule;
    app = await buildApp({ config, db: opened.db, reads: replica.reads });
    if (stopping) return;
    await app.listen({ port: config.port, host: config.host });
    app.log.info(`Shop on http://localhost:${config.port} (${opened.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
  })();
  await startup;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
