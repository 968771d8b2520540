import { sql } from 'kysely';
import { openDatabase, type Db } from '../connection.js';
import { migrateUpTo } from '../migrate.js';
import { quote, readTables } from './catalog.js';
import { TransferRefused } from './refusals.js';

/**
 * Start-up bookkeeping any shop writes before it holds anything (the generated JWT key): a
 * database that only ran `npm start` once is still empty.
 */
const startupTables = new Set(['app_state']);

async function counts(db: Db): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  for (const table of await readTables(db)) {
    const { rows } = await sql.raw<{ n: number }>(`select count(*)::bigint as n from ${quote(table.name)}`).execute(db);
    result.set(table.name, Number(rows[0]?.n ?? 0));
  }
  return result;
}

/**
 * A database that has run migrations already is empty when it holds only what the migrations
 * themselves write (a few counters, the default legal pages and advertisements): no table has
 * more rows than in a fresh database migrated to the same version, made in memory to compare.
 * A database that never ran a migration is empty by definition and is not checked.
 */
export async function assertEmpty(db: Db, migration: string): Promise<void> {
  const fresh = await freshCounts(migration);
  const extra = [...(await counts(db))].filter(([table, n]) => !startupTables.has(table) && n > (fresh.get(table) ?? 0));
  if (extra.length) {
    const list = extra.map(([table, n]) => `${table}: ${n}`).join(', ');
    throw new TransferRefused(`База данных не пуста (${list}): загрузка возможна только в пустую базу — создайте новую базу PostgreSQL или укажите пустой DATA_DIR`);
  }
}

/** Rows per table of a fresh database at `migration`; kept for the process (the same each time). */
const freshByMigration = new Map<string, Map<string, number>>();

async function freshCounts(migration: string): Promise<Map<string, number>> {
  const known = freshByMigration.get(migration);
  if (known) return known;
  const reference = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateUpTo(reference.db, migration);
    const fresh = await counts(reference.db);
    freshByMigration.set(migration, fresh);
    return fresh;
  } finally {
    await reference.close();
  }
}
