import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { encodeUpload, insertImages } from '../src/server/services/media/library.js';
import { moveImagesToBucket, moveImagesToDatabase, type MoveOptions } from '../src/server/services/media/move.js';
import { s3ImageStore, type S3ImageStore } from '../src/server/services/media/s3-store.js';
import { databaseImageStore } from '../src/server/services/media/store.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { png } from './support/media-files.js';
import { startS3Server, type TestS3Server } from './support/s3-server.js';

/**
 * Moving existing images between the database and the bucket: a shop instance with the bucket
 * configured and one without, on one database, serve every image throughout.
 */
let s3: TestS3Server;
let withBucket: TestApp;
let withoutBucket: TestApp;
let store: S3ImageStore;

beforeAll(async () => {
  s3 = await startS3Server();
  withBucket = await startTestApp(s3.env);
  withoutBucket = await startTestApp({}, undefined, withBucket.database);
  store = s3ImageStore(withBucket.config.s3!);
});
afterAll(async () => {
  await store?.close();
  await withoutBucket?.close();
  await withBucket?.close();
  await s3?.close();
});

async function served(app: TestApp, name: string, width: number): Promise<Buffer> {
  const response = await fetch(`${app.baseUrl}/api/images/${name}?w=${width}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const blobCount = async () => (await withBucket.db.selectFrom('imageBlobs').select('key').execute()).length;

/** A run stopped after its first step, as a crash or Ctrl-C would. */
const stopAfterFirstStep: MoveOptions = {
  batchSize: 2,
  progress: () => {
    throw new Error('stopped');
  },
};

describe('moving images between the database and the bucket', () => {
  it('moves to the bucket and back, resumes an interrupted run, does nothing the second time, and every image is served throughout', async () => {
    const token = await withoutBucket.signInAdmin();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await png(900, 500))], { type: 'image/png' }), 'wide.png');
    form.append('files', new Blob([new Uint8Array(await png(300, 300))], { type: 'image/png' }), 'square.png');
    const uploaded = await fetch(`${withoutBucket.baseUrl}/api/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    const names = (await uploaded.json()) as string[];
    const widths = await withBucket.db.selectFrom('imageVariants').select(['imageName', 'width']).where('imageName', 'in', names).execute();
    expect(widths).toHaveLength(6);
    expect(await blobCount()).toBe(6);
    expect(await s3.keys()).toEqual([]);

    // The instance with the bucket serves images not moved yet from the database.
    const original = new Map<string, Buffer>();
    for (const { imageName, width } of widths) original.set(`${imageName}/${width}`, await served(withoutBucket, imageName, width));
    const allServedBy = async (app: TestApp) => {
      for (const { imageName, width } of widths) expect(Buffer.compare(await served(app, imageName, width), original.get(`${imageName}/${width}`)!)).toBe(0);
    };
    await allServedBy(withBucket);

    await expect(moveImagesToBucket(withBucket.db, store, stopAfterFirstStep)).rejects.toThrow('stopped');
    expect(await blobCount()).toBe(4);
    expect(await s3.keys()).toHaveLength(2);
    await allServedBy(withBucket);
    expect(await moveImagesToBucket(withBucket.db, store, { batchSize: 2 })).toMatchObject({ moved: 4, missing: 0 });
    expect(await moveImagesToBucket(withBucket.db, store)).toEqual({ moved: 0, bytes: 0, images: 0, missing: 0 });
    expect(await blobCount()).toBe(0);
    expect(await s3.keys()).toEqual([...original.keys()].map((key) => `images/${key}`).sort());
    await allServedBy(withBucket);

    await expect(moveImagesToDatabase(withBucket.db, store, stopAfterFirstStep)).rejects.toThrow('stopped');
    expect(await blobCount()).toBe(2);
    expect(await s3.keys()).toHaveLength(4);
    await allServedBy(withBucket);
    const back = await moveImagesToDatabase(withBucket.db, store, { batchSize: 2 });
    expect(back).toMatchObject({ moved: 4, missing: 0 });
    expect(await moveImagesToDatabase(withBucket.db, store)).toEqual({ moved: 0, bytes: 0, images: 0, missing: 0 });
    expect(await blobCount()).toBe(6);
    expect(await s3.keys()).toEqual([]);
    await allServedBy(withoutBucket);
    await allServedBy(withBucket);

    // A width on neither side is reported, not invented.
    await withBucket.db.deleteFrom('imageBlobs').where('key', '=', `${names[1]}/300`).execute();
    expect(await moveImagesToDatabase(withBucket.db, store)).toEqual({ moved: 0, bytes: 0, images: 0, missing: 1 });
  });
});

describe('npm run images:to-s3 and images:to-db', () => {
  // Three processes that each start tsx, the AWS SDK and PGlite: give a loaded machine time.
  it('move an embedded shop’s images to the bucket and back, report the counts, and refuse without a bucket', { timeout: 180_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-images-move-'));
    try {
      // On PGlite runs from the migrated template (creating a cluster costs seconds of CPU).
      const template = inject('pgliteTemplate');
      if (template) {
        const blob = new Blob([new Uint8Array(await fs.readFile(template))]);
        await (await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm }, loadDataDir: blob })).close();
      }
      const handle = await openDatabase({ dataDir });
      await migrateToLatest(handle.db);
      const [name] = await insertImages(handle.db, databaseImageStore, [await encodeUpload({ originalName: 'cli.png', bytes: await png(500, 300) })]);
      await handle.close();

      const { DATABASE_URL: _postgres, ...inherited } = process.env;
      const run = (script: string, env: Record<string, string>) =>
        promisify(execFile)('npm', ['run', '--silent', script], { env: { ...inherited, ...env, DATA_DIR: dataDir }, encoding: 'utf8' }).then(
          ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
          (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
        );

      const toBucket = await run('images:to-s3', s3.env);
      expect(toBucket).toMatchObject({ code: 0 });
      expect(toBucket.stdout).toMatch(/^Moved 3 widths of 1 images \(0\.0 MB\) from the database to the bucket shop-images at http:\/\/127\.0\.0\.1:\d+$/m);
      expect((await s3.keys()).filter((key) => key.startsWith(`images/${name}/`))).toEqual([`images/${name}/200`, `images/${name}/400`, `images/${name}/500`]);

      const toDatabase = await run('images:to-db', s3.env);
      expect(toDatabase).toMatchObject({ code: 0 });
      expect(toDatabase.stdout).toMatch(/^Moved 3 widths of 1 images \(0\.0 MB\) from the bucket shop-images at .* to the database$/m);
      expect((await s3.keys()).filter((key) => key.startsWith(`images/${name}/`))).toEqual([]);

      const refused = await run('images:to-db', {});
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('Set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');

      const reopened = await openDatabase({ dataDir });
      expect((await reopened.db.selectFrom('imageBlobs').select('key').orderBy('key').execute()).map((row) => row.key)).toEqual([`${name}/200`, `${name}/400`, `${name}/500`]);
      await reopened.close();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
