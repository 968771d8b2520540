import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
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
  // The migrator's bookkeeping table lives in the schema we work in; without naming it, Kysely
  // would take another schema's table of the same name for ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), migrationTableSchema: rows[0]?.schema ?? 'public' });
  const before = await migrator.getMigrations();
  const wasEmpty = before.every((migration) => !migration.executedAt);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return { applied: (results ?? []).map((result) => result.migrationName), wasEmpty };
}
