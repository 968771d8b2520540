import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { migrations } from '../../../migrations/index.js';
import type { Db } from './connection.js';

class StaticMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations);
  }
}

export interface MigrationReport {
  applied: string[];
  /** True when the database had no migrations before: a fresh database. */
  wasEmpty: boolean;
}

/** Forward-only: runs every migration not yet applied, in name order. */
export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const before = await migrator.getMigrations();
  const wasEmpty = before.every((migration) => !migration.executedAt);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return { applied: (results ?? []).map((result) => result.migrationName), wasEmpty };
}
