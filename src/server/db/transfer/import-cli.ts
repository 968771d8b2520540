import path from 'node:path';
import { loadConfig } from '../../config.js';
import { runCommand } from './cli.js';
import { runImport } from './run.js';

/** `npm run import -- file`: the export into the (empty) database the environment names. */
await runCommand(async (args, say) => {
  const files = args.filter((arg) => !arg.startsWith('--'));
  if (files.length !== 1 || !files[0]) throw new Error('Укажите один файл выгрузки: npm run import -- shop-export.jsonl.gz');
  const file = path.resolve(files[0]);
  const config = loadConfig();
  say(`Загрузка ${file} в ${config.databaseUrl ? 'PostgreSQL' : `встроенную базу ${config.dataDir}`}`);
  const summary = await runImport({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, file, (line) => say(`  ${line}`));
  const after = summary.appliedAfter.length ? `; затем применены миграции ${summary.appliedAfter.join(', ')}` : '';
  say(`Готово: ${summary.tables} таблиц, ${summary.rows} строк, миграция ${summary.migration}${after}`);
});
