import { sql } from 'kysely';
import type { Db } from '../connection.js';
import { appliedMigrations, migrateToLatest, migrateUpTo } from '../migrate.js';
import { quote, readSequences, readTables, sequenceOwner, setTextForms, type TableInfo } from './catalog.js';
import { assertEmpty } from './empty.js';
import { isHeader, isRow, isSequences, isTableEnd, isTableStart, isTrailer, readLines, type Row, type SequenceState } from './format.js';
import { checkHeader, TransferRefused } from './refusals.js';

export interface ImportSummary {
  migration: string;
  tables: number;
  rows: number;
  /** Migrations of this code newer than the file, applied after the rows went in. */
  appliedAfter: string[];
}

/** One INSERT carries at most this many parameters and about this much text (image rows go one by one). */
const maxParameters = 20_000;
const maxChars = 4_000_000;

/**
 * Loads an export into an empty database: migrates it to the file's migration, then in ONE
 * transaction clears what the migrations wrote, inserts every table in the file's order (each
 * after the tables it references) with the tables' own triggers off (the counters, ratings and
 * search words they keep are in the file as they were), and sets every sequence to where it stood
 * (never below the largest id). The newer migrations of this code run last.
 */
export async function importShop(db: Db, file: string, log: (line: string) => void = () => undefined): Promise<ImportSummary> {
  const lines = readLines(file);
  try {
    const first = await lines.next();
    const header = first.done ? undefined : first.value;
    if (!isHeader(header)) throw new TransferRefused('Это не файл выгрузки магазина (нет заголовка shop-export)');
    checkHeader(header);

    const applied = await appliedMigrations(db);
    const current = applied.at(-1);
    if (current && current > header.migration) {
      throw new TransferRefused(`База данных уже на миграции ${current}, новее файла (${header.migration}): загрузите файл в новую пустую базу`);
    }
    await migrateUpTo(db, header.migration);
    if (applied.length) await assertEmpty(db, header.migration);

    const loaded = await db.transaction().execute(async (trx) => {
      await setTextForms(trx);
      const tables = await readTables(trx);
      const names = tables.map((table) => quote(table.name));
      for (const name of names) await sql.raw(`alter table ${name} disable trigger user`).execute(trx);
      await sql.raw(`truncate table ${names.join(', ')}`).execute(trx);
      const result = await loadRows(trx, new Map(tables.map((table) => [table.name, table])), lines, log);
      for (const name of names) await sql.raw(`alter table ${name} enable trigger user`).execute(trx);
      return { ...result, names };
    });
    // Fresh statistics, so the first queries on the loaded tables get good plans.
    await sql.raw(`analyze ${loaded.names.join(', ')}`).execute(db);
    const report = await migrateToLatest(db);
    return { migration: header.migration, tables: loaded.tables, rows: loaded.rows, appliedAfter: report.applied };
  } finally {
    await lines.return(undefined);
  }
}

async function loadRows(trx: Db, tables: Map<string, TableInfo>, lines: AsyncGenerator<unknown>, log: (line: string) => void): Promise<{ tables: number; rows: number }> {
  const loaded = new Set<string>();
  let table: TableInfo | undefined;
  let columns: string[] = [];
  let batch: Row[] = [];
  let chars = 0;
  let count = 0;
  let total = 0;
  let complete = false;

  const flush = async () => {
    if (!table || !batch.length) return;
    const head = `insert into ${quote(table.name)} (${columns.map(quote).join(', ')})${table.identity ? ' overriding system value' : ''} values `;
    await sql`${sql.raw(head)}${sql.join(batch.map((row) => sql`(${sql.join(row)})`))}`.execute(trx);
    batch = [];
    chars = 0;
  };

  for await (const line of { [Symbol.asyncIterator]: () => lines }) {
    if (complete) throw new TransferRefused('В файле есть строки после его конца: файл повреждён');
    if (isRow(line)) {
      if (!table || line.length !== columns.length) throw new TransferRefused('Файл повреждён: строка данных вне таблицы или с другим числом столбцов');
      batch.push(line);
      count += 1;
      chars += line.reduce((sum, cell) => sum + (cell?.length ?? 0), 0);
      if ((batch.length + 1) * columns.length > maxParameters || chars > maxChars) await flush();
    } else if (isTableStart(line)) {
      table = tables.get(line.table);
      if (!table || loaded.has(line.table)) throw new TransferRefused(`Таблица ${line.table} из файла не подходит этой базе: в базе её нет или она в файле дважды`);
      const known = new Set(table.columns);
      if (line.columns.length !== known.size || !line.columns.every((column) => known.has(column))) {
        throw new TransferRefused(`Столбцы таблицы ${line.table} в файле не совпадают со столбцами в базе`);
      }
      columns = line.columns;
      count = 0;
    } else if (isTableEnd(line)) {
      await flush();
      if (!table || line.end !== table.name || line.rows !== count) throw new TransferRefused(`Файл повреждён: в таблице ${line.end} не то число строк`);
      log(`${table.name}: ${count}`);
      loaded.add(table.name);
      total += count;
      table = undefined;
    } else if (isSequences(line)) {
      await restoreSequences(trx, line.sequences);
    } else if (isTrailer(line)) {
      if (table) throw new TransferRefused(`Файл повреждён: таблица ${table.name} не закончена`);
      complete = true;
    } else {
      throw new TransferRefused('Файл повреждён: непонятная строка');
    }
  }
  if (!complete) throw new TransferRefused('Файл выгрузки не полон (нет его последней строки): выгрузка была прервана или файл обрезан');
  const missing = [...tables.keys()].filter((name) => !loaded.has(name));
  if (missing.length) throw new TransferRefused(`В файле нет таблиц ${missing.join(', ')}, которые есть в базе той же версии`);
  return { tables: loaded.size, rows: total };
}

/** Every sequence where it stood in the file, and never below the largest value of its column. */
async function restoreSequences(trx: Db, saved: SequenceState[]): Promise<void> {
  const stood = new Map(saved.map((state) => [state.name, state]));
  for (const sequence of await readSequences(trx)) {
    const before = stood.get(sequence.name);
    const owner = await sequenceOwner(trx, sequence.name);
    let value = before ? (before.isCalled ? before.lastValue : before.lastValue - 1) : 0;
    if (owner) {
      const { rows } = await sql.raw<{ top: number }>(`select coalesce(max(${quote(owner.column)}), 0)::bigint as top from ${quote(owner.table)}`).execute(trx);
      value = Math.max(value, Number(rows[0]?.top ?? 0));
    }
    const name = quote(sequence.name);
    if (value >= 1) await sql`select setval(${name}, ${value}, true)`.execute(trx);
    else await sql`select setval(${name}, 1, false)`.execute(trx);
  }
}
