import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../connection.js';
import { exportShop, type ExportSummary } from './export.js';
import { isHeader, readLines } from './format.js';
import { importShop, type ImportSummary } from './import.js';
import { checkHeader, TransferRefused } from './refusals.js';

/** The database a command works on: PostgreSQL with a URL, else the embedded one in `dataDir`. */
export interface TransferDatabase {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL only: the schema to work in (the tests'). */
  schema?: string;
}

/**
 * PGlite is one process's database: opened twice, its files would be written by two processes.
 * While open it keeps `postmaster.pid` in its directory, removed when it closes.
 */
function refuseOpenEmbedded(dataDir: string): void {
  if (existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))) {
    throw new TransferRefused(
      `Встроенная база в ${dataDir} открыта: остановите магазин (Ctrl+C или SIGTERM) и повторите. ` +
        'Если магазин точно не запущен, а он был прерван аварийно, запустите его и остановите штатно.',
    );
  }
}

/** One connection, without the request timeouts: a large table or image may take a while. */
async function open(database: TransferDatabase): Promise<DatabaseHandle> {
  if (!database.databaseUrl) refuseOpenEmbedded(database.dataDir);
  return openDatabase({
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
    poolSize: 1,
    timeouts: { statementMs: 0, queryMs: 0, idleInTransactionMs: 0 },
    ...(database.schema ? { schema: database.schema } : {}),
  });
}

/** `npm run export`: the whole shop into `file`, which must not exist yet. */
export async function runExport(database: TransferDatabase, file: string, log?: (line: string) => void): Promise<ExportSummary> {
  if (existsSync(file)) throw new TransferRefused(`Файл ${file} уже есть: укажите другой (--out)`);
  if (!database.databaseUrl && !existsSync(path.join(database.dataDir, 'pglite'))) {
    throw new TransferRefused(`В ${database.dataDir} нет встроенной базы: укажите DATA_DIR магазина или DATABASE_URL`);
  }
  const handle = await open(database);
  try {
    return await exportShop(handle.db, handle.kind, file, log);
  } finally {
    await handle.close();
  }
}

/** `npm run import`: the file into the configured database, which must be empty. */
export async function runImport(database: TransferDatabase, file: string, log?: (line: string) => void): Promise<ImportSummary> {
  if (!existsSync(file)) throw new TransferRefused(`Файла ${file} нет`);
  // A file of another kind or from a newer shop is refused before the database is touched.
  const lines = readLines(file);
  const first = await lines.next().catch(() => ({ done: true, value: undefined }) as const);
  await lines.return(undefined);
  if (!isHeader(first.value)) throw new TransferRefused(`${file} — не файл выгрузки магазина (ожидается .jsonl.gz от npm run export)`);
  checkHeader(first.value);
  const handle = await open(database);
  try {
    return await importShop(handle.db, file, log);
  } finally {
    await handle.close();
  }
}
