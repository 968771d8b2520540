import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { ensureAdmin } from '../../src/server/services/accounts/admin-bootstrap.js';
import { adminCredentials } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data directory, migrated and with the test admin; empty on PostgreSQL runs. */
    pgliteTemplate: string;
  }
}

/**
 * Vitest global setup: creating an empty PGlite cluster costs about 2 s of CPU, loading a dumped
 * one a sixth of it. The schema is migrated once here and every test app on PGlite starts from
 * a copy; each still runs the migrator, which finds nothing to do.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env['DATABASE_URL']) {
    project.provide('pgliteTemplate', '');
    return async () => {};
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  await ensureAdmin(handle.db, adminCredentials);
  if (!handle.dump) throw new Error('The embedded database cannot be dumped');
  const dump = await handle.dump();
  await handle.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const file = path.join(dir, 'pglite.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rm(dir, { recursive: true, force: true });
}
