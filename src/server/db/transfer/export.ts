import fs from 'node:fs/promises';
import { sql } from 'kysely';
import type { Db } from '../connection.js';
import { appliedMigrations } from '../migrate.js';
import { quote, readSequences, readTables, setTextForms, type TableInfo } from './catalog.js';
import { formatName, formatVersion, LineWriter, type Row } from './format.js';

export interface ExportSummary {
  file: string;
  migration: string;
  tables: number;
  rows: number;
}

/** Rows fetched at a time: a few for tables of image bytes (up to MAX_UPLOAD_MB each), more for the rest. */
const batchOf = (table: TableInfo) => (table.bytes ? 4 : 1_000);

/** The rows in primary-key order; a table that points to itself, parents before children. */
function selectRows(table: TableInfo): string {
  const values = table.columns.map((column, index) => `t.${quote(column)}::text as c${index}`).join(', ');
  const order = table.primaryKey.map((column) => `t.${quote(column)}`).join(', ') || '1';
  const self = table.selfReference;
  if (!self) return `select ${values} from ${quote(table.name)} t order by ${order}`;
  const [ref, col, name] = [quote(self.references), quote(self.column), quote(table.name)];
  return `with recursive tree(node, depth) as (
      select ${ref}, 0 from ${name} where ${col} is null
      union all select c.${ref}, tree.depth + 1 from ${name} c join tree on c.${col} = tree.node)
    select ${values} from ${name} t left join (select node, max(depth) as depth from tree group by node) d on d.node = t.${ref}
    order by d.depth nulls last, ${order}`;
}

/**
 * Writes the whole shop to `file` from one consistent view of the database: a REPEATABLE READ,
 * READ ONLY transaction (on PostgreSQL the shop may keep running; the embedded database must be
 * closed, see cli.ts). Rows are read through a cursor and written as they come, so no table and no
 * image is held in memory as a whole. The file appears only when complete.
 */
export async function exportShop(db: Db, source: 'postgres' | 'pglite', file: string, log: (line: string) => void = () => undefined): Promise<ExportSummary> {
  const applied = await appliedMigrations(db);
  const migration = applied.at(-1);
  if (!migration) throw new Error('База данных пуста: в ней нет ни одной миграции, выгружать нечего');

  const partial = `${file}.partial`;
  await fs.rm(partial, { force: true });
  const writer = new LineWriter(partial);
  let tables = 0;
  let total = 0;
  try {
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        await setTextForms(trx);
        await writer.write({ format: formatName, formatVersion, migration, createdAt: new Date().toISOString(), source });
        for (const table of await readTables(trx)) {
          const count = await exportTable(trx, table, writer);
          log(`${table.name}: ${count}`);
          tables += 1;
          total += count;
        }
        await writer.write({ sequences: await readSequences(trx) });
        await writer.write({ complete: true, tables, rows: total });
      });
    await writer.close();
  } catch (error) {
    await writer.abort();
    await fs.rm(partial, { force: true });
    throw error;
  }
  await fs.rename(partial, file);
  return { file, migration, tables, rows: total };
}

async function exportTable(trx: Db, table: TableInfo, writer: LineWriter): Promise<number> {
  await writer.write({ table: table.name, columns: table.columns });
  await sql.raw(`declare export_rows no scroll cursor for ${selectRows(table)}`).execute(trx);
  let count = 0;
  for (;;) {
    const { rows } = await sql.raw<Record<string, string | null>>(`fetch forward ${batchOf(table)} from export_rows`).execute(trx);
    if (!rows.length) break;
    for (const row of rows) {
      const line: Row = table.columns.map((_, index) => row[`c${index}`] ?? null);
      await writer.write(line);
    }
    count += rows.length;
  }
  await sql`close export_rows`.execute(trx);
  await writer.write({ end: table.name, rows: count });
  return count;
}
