import path from 'node:path';
import { loadConfig } from '../../config.js';
import { runCommand } from './cli.js';
import { runExport } from './run.js';

/** `npm run export -- [--out file]`: the whole shop, from the database the environment names. */
await runCommand(async (args, say) => {
  const at = args.findIndex((arg) => arg === '--out' || arg.startsWith('--out='));
  const given = at === -1 ? undefined : args[at]?.startsWith('--out=') ? args[at]?.slice('--out='.length) : args[at + 1];
  if (at !== -1 && !given) throw new Error('После --out укажите имя файла');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const file = path.resolve(given ?? `shop-export-${stamp}.jsonl.gz`);
  const config = loadConfig();
  say(`Выгрузка из ${config.databaseUrl ? 'PostgreSQL' : `встроенной базы ${config.dataDir}`} в ${file}`);
  const summary = await runExport({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, file, (line) => say(`  ${line}`));
  say(`Готово: ${summary.tables} таблиц, ${summary.rows} строк, миграция ${summary.migration} → ${summary.file}`);
});
