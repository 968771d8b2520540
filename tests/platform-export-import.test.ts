import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/connection.js';
import { migrationNames } from '../src/server/db/migrate.js';
import { seedDemoData } from '../src/server/db/seed.js';
import { runExport, runImport, type TransferDatabase } from '../src/server/db/transfer/run.js';
import { startTestApp } from './support/harness.js';
import { contentsOf, placeOrder, postgresSchema, tempDir, type ShopContents } from './support/transfer-support.js';

const databaseUrl = process.env['DATABASE_URL'];
const run = promisify(execFile);
const heavy = 400_000;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function newDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A fresh target: a schema of its own on PostgreSQL, or an empty directory for the embedded database. */
async function emptyTarget(kind: 'postgres' | 'pglite'): Promise<TransferDatabase> {
  if (kind === 'pglite' || !databaseUrl) return { dataDir: await newDir() };
  const created = await postgresSchema(databaseUrl);
  cleanups.push(() => created.drop());
  const schema = created.schema;
  return { databaseUrl, schema, dataDir: 'memory://' };
}

/** Starts the shop on an imported database: the demo accounts sign in, images are served, a new order gets the next id. */
async function checkShopWorks(target: TransferDatabase, contents: ShopContents): Promise<void> {
  const shared = target.databaseUrl ? { schema: target.schema, handle: await openDatabase({ ...target, poolSize: 1 }) } : undefined;
  const t = await startTestApp(target.databaseUrl ? {} : { DATA_DIR: target.dataDir, DATABASE_URL: '' }, undefined, shared);
  try {
    for (const [email, password] of [['admin@shop.local', 'admin-demo-2026'], ['anna@shop.local', 'shopper-demo-2026']] as const) {
      const signedIn = await t.trpc().accounts.auth.signin.mutate({ email, password });
      expect(signedIn.accessToken).toBeTruthy();
    }
    const image = await t.db.selectFrom('images').select('name').orderBy('name').executeTakeFirstOrThrow();
    const served = await fetch(`${t.baseUrl}/api/images/${image.name}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
    // The sequence stands where it stood in the source: the next order neither collides nor reuses an id.
    const id = await placeOrder(t, 'new@move.test');
    expect(id).toBe((contents.sequences['checkouts_id_seq'] ?? Number.NaN) + 1);
  } finally {
    await t.close();
    await shared?.handle.close();
  }
}

/** Writes a gzip'd file of the given lines (a crafted or cut export). */
async function writeLines(file: string, lines: string[]): Promise<void> {
  await fs.writeFile(file, zlib.gzipSync(`${lines.join('\n')}\n`));
}

let exported = '';
let embedded: ShopContents;

describe('npm run export / npm run import (docs/export-import.md)', () => {
  it('exports the embedded shop with its demo data, images and orders to one file', async () => {
    const dir = await newDir();
    const t = await startTestApp({ DATA_DIR: dir, DATABASE_URL: '' });
    try {
      await seedDemoData(t.db, { production: false });
      await placeOrder(t, 'olga@move.test');
      await placeOrder(t, 'oleg@move.test');
      // A category moved under a newer one: in id order the child comes before its parent.
      const parent = await t.db.insertInto('categories').values({ name: 'Новый раздел', url: 'novyj-razdel', parameters: JSON.stringify([]) }).returning('id').executeTakeFirstOrThrow();
      const moved = await t.db.selectFrom('categories').select('id').where('parentId', 'is', null).where('id', '<', parent.id).orderBy('id').executeTakeFirstOrThrow();
      await t.db.updateTable('categories').set({ parentId: parent.id }).where('id', '=', moved.id).execute();
      // While the shop has the embedded database open, the export is refused.
      await expect(runExport({ dataDir: dir }, path.join(dir, 'early.jsonl.gz'))).rejects.toThrow(/открыта: остановите магазин/);
    } finally {
      await t.close();
    }
    exported = path.join(dir, 'shop.jsonl.gz');
    // The command itself, as the README gives it, on the stopped shop's DATA_DIR.
    const cli = await run(process.execPath, ['--import', 'tsx', 'src/server/db/transfer/export-cli.ts', '--out', exported], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'test' },
    });
    expect(cli.stdout).toMatch(new RegExp(`Готово: \\d+ таблиц, \\d+ строк, миграция ${migrationNames.at(-1) ?? ''}`));
    embedded = await contentsOf({ dataDir: dir });
    expect(embedded.tables['image_blobs']?.length).toBeGreaterThan(10);
    expect(embedded.tables['checkouts']?.length).toBeGreaterThan(30);
    expect(embedded.tables['users']?.length).toBeGreaterThan(2);
    await expect(runExport({ dataDir: dir }, exported)).rejects.toThrow(/уже есть/);
  }, heavy);

  it('refuses files it must not load, before touching the database', async () => {
    const dir = await newDir();
    const header = (migration: string, formatVersion = 1) => JSON.stringify({ format: 'shop-export', formatVersion, migration, createdAt: new Date().toISOString(), source: 'pglite' });
    const cases: Array<[string, string[], RegExp]> = [
      ['newer.jsonl.gz', [header('9999_from_the_future')], /более новой версией магазина/],
      ['format.jsonl.gz', [header(migrationNames.at(-1) ?? '', 2)], /формата 2/],
      ['other.jsonl.gz', ['{"hello":"world"}'], /не файл выгрузки/],
    ];
    for (const [name, lines, message] of cases) {
      await writeLines(path.join(dir, name), lines);
      await expect(runImport({ dataDir: path.join(dir, 'db') }, path.join(dir, name))).rejects.toThrow(message);
    }
    await fs.writeFile(path.join(dir, 'plain.txt'), 'not gzip');
    await expect(runImport({ dataDir: path.join(dir, 'db') }, path.join(dir, 'plain.txt'))).rejects.toThrow(/не файл выгрузки/);
    await expect(fs.stat(path.join(dir, 'db'))).rejects.toThrow();
    // The command: one Russian line on stderr and exit code 1.
    const cli = run(process.execPath, ['--import', 'tsx', 'src/server/db/transfer/import-cli.ts', path.join(dir, 'newer.jsonl.gz')], {
      env: { ...process.env, DATA_DIR: path.join(dir, 'db'), DATABASE_URL: '', NODE_ENV: 'test' },
    });
    await expect(cli).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/^Ошибка: Файл выгружен более новой версией магазина \(миграция 9999_from_the_future/) as unknown });
  });

  it(`loads it into ${databaseUrl ? 'an empty PostgreSQL schema' : 'an empty embedded database'}: every table the same, and the shop works`, async () => {
    expect(exported).not.toBe('');
    const target = await emptyTarget('postgres');
    // A cut file is refused as a whole: its transaction leaves no row behind.
    const lines = zlib.gunzipSync(await fs.readFile(exported)).toString('utf8').trimEnd().split('\n');
    const cut = path.join(path.dirname(exported), 'cut.jsonl.gz');
    await writeLines(cut, lines.slice(0, -1));
    await expect(runImport(target, cut)).rejects.toThrow(/не полон/);

    // The database now has the migrations but no data: still empty, so the whole file loads.
    const summary = await runImport(target, exported);
    expect(summary).toMatchObject({ migration: migrationNames.at(-1), appliedAfter: [] });
    expect(await contentsOf(target)).toEqual(embedded);
    await expect(runImport(target, exported)).rejects.toThrow(/База данных не пуста \(.*checkouts: \d+/);
    await checkShopWorks(target, embedded);

    if (target.databaseUrl) {
      // And back: PostgreSQL (now with one more order) → a new embedded database.
      const fromPostgres = path.join(path.dirname(exported), 'postgres.jsonl.gz');
      const summaryOut = await runExport(target, fromPostgres);
      expect(summaryOut.rows).toBeGreaterThan(1000);
      const postgres = await contentsOf(target);
      const back = await emptyTarget('pglite');
      await runImport(back, fromPostgres);
      expect(await contentsOf(back)).toEqual(postgres);
      await checkShopWorks(back, postgres);
    }
  }, heavy);
});
