import { Migrator, sql, type DatabaseIntrospector, type Migration, type MigrationProvider, type TableMetadata } from 'kysely';
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

/** Every migration this code knows, oldest first. */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

async function migratorFor(db: Db): Promise<Migrator> {
  // The migrator's bookkeeping table lives in the schema we work in; without naming it, Kysely
  // would take another schema's table of the same name for ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return new Migrator({ db: withOwnIntrospection(db, schema), provider: new StaticMigrationProvider(), migrationTableSchema: schema });
}

/** The migrations already applied to this database, oldest first (none on a fresh one). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const known = await (await migratorFor(db)).getMigrations();
  return known.filter((migration) => migration.executedAt).map((migration) => migration.name);
}

/** Forward-only: runs the migrations not yet applied up to and including `name` (export-import). */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const { error } = await (await migratorFor(db)).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
}

/** Forward-only: runs every migration not yet applied, in name order. */
export async function migrateToLatest(db: Db): Promise<MigrationReport> {
  const migrator = await migratorFor(db);
  const before = await migrator.getMigrations();
  const wasEmpty = before.every((migration) => !migration.executedAt);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return { applied: (results ?? []).map((result) => result.migrationName), wasEmpty };
}

/**
 * The migrator only asks whether its own schema and tables exist. Kysely's introspector answers by
 * reading the columns of every schema of the database and checking each schema by name, so a
 * schema dropped meanwhile by someone else (another instance, another test file) failed our
 * migration with «schema … does not exist». Here it reads our schema only.
 */
function withOwnIntrospection(db: Db, schema: string): Db {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const found = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return found.rows;
    },
    async getTables(): Promise<TableMetadata[]> {
      const found = await sql<{ name: string; kind: string }>`select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace where ns.nspname = ${schema} and c.relkind in ('r', 'v', 'p')`.execute(db);
      return found.rows.map((table) => ({ name: table.name, schema, isView: table.kind === 'v', columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
