import { ConfigError, loadConfig } from './config.js';
import { prepareDatabase } from './db/setup.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // The app's modules load while the database opens: a quicker first answer.
  const appModule = import('./app.js');
  const database = await prepareDatabase(config, (message) => process.stdout.write(`${message}\n`));
  const { buildApp } = await appModule;
  const app = await buildApp({ config, db: database.db });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Shop on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
