/**
 * Records the plan of every statement of every catalogue bench call, the shop's and the floor's
 * (to compare the shop's plans with the floor's):
 *
 *   npm run bench:plans [-- --calls sized,sizedColor]   (with --calls: those calls only, printed, the file left as it is)
 *
 * Runs against the bench database (DATABASE_URL as for bench:catalogue, filled by it). The shop
 * answers each call in-process (buildApp + inject) on a Kysely that records its statements; each
 * statement, and the floor's, is then run under EXPLAIN ANALYZE with the same values (after one
 * warm-up answer, so the in-memory tree and search readings are as under load). Writes
 * bench/results/plans.md.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/schema.js';
import { calls, sortCalls } from './calls.js';
import { floorStatement } from './floor-statements.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const databaseUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/bench';

const callsIndex = process.argv.indexOf('--calls');
const only = callsIndex > 0 ? process.argv[callsIndex + 1]?.split(',') : undefined;

const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  plugins: [new CamelCasePlugin()],
  log: (event) => {
    if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
const app = await buildApp({ config, db, logger: false });

async function explain(sql: string, parameters: readonly unknown[]): Promise<string> {
  const text = `explain (analyze, costs false, timing false, summary true) ${sql}`;
  await pool.query(text, [...parameters]);
  const result = await pool.query<{ 'QUERY PLAN': string }>(text, [...parameters]);
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

const out: string[] = [
  '# Plans of the catalogue bench calls',
  '',
  'Written by `npm run bench:plans` (bench/catalogue/plans.ts) on the bench database of',
  '`npm run bench:catalogue`: every statement the shop runs for a call, and the floor\'s one,',
  `under EXPLAIN (ANALYZE, COSTS false, TIMING false), run twice, the second shown. ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
  '',
];
try {
  for (const call of [...calls, ...sortCalls].filter((one) => !only || only.includes(one.key))) {
    await app.inject({ method: 'GET', url: call.shop });
    statements.length = 0;
    const response = await app.inject({ method: 'GET', url: call.shop });
    if (response.statusCode !== 200) throw new Error(`${call.shop}: HTTP ${String(response.statusCode)}`);
    out.push(`## ${call.title}`, '', `Shop \`${call.shop}\`: ${String(statements.length)} statement(s).`, '');
    for (const [index, statement] of [...statements].entries()) {
      out.push(`Shop statement ${String(index + 1)}:`, '', '```text', await explain(statement.sql, statement.parameters), '```', '');
    }
    const url = new URL(call.floor, 'http://floor');
    const floor = floorStatement(url.pathname, Object.fromEntries(url.searchParams));
    out.push(`Floor \`${call.floor}\`:`, '', '```text', await explain(floor.text, floor.values), '```', '');
    process.stdout.write(`${call.title}\n`);
  }
  if (only) process.stdout.write(`${out.join('\n')}\n`);
  else await fs.writeFile(path.join(here, '../results/plans.md'), `${out.join('\n')}\n`);
} finally {
  await app.close();
  await db.destroy();
}
