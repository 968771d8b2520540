import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import { ConfigError, loadConfig } from '../src/server/config.js';
import { imageStoreFor } from '../src/server/services/media/configured-store.js';
import { readStoredBytes } from '../src/server/services/media/store.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { png } from './support/media-files.js';
import { shopper, upload as uploadPhotos } from './support/reviews-support.js';
import { startS3Server, type TestS3Server } from './support/s3-server.js';
import { withoutRequestId } from './support/rest.js';

/**
 * Images in an S3-compatible bucket (s3rver, started here): two shop instances on one database
 * and one bucket, as behind a load balancer.
 */
let s3: TestS3Server;
let a: TestApp;
let b: TestApp;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  s3 = await startS3Server();
  a = await startTestApp({ ...s3.env, PHOTOS_PER_USER_PER_DAY: '3' });
  b = await startTestApp({ ...s3.env, PHOTOS_PER_USER_PER_DAY: '3' }, undefined, a.database);
  tokenA = await a.signInAdmin();
  tokenB = await b.signInAdmin();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

async function upload(app: TestApp, token: string, files: Array<{ name: string; bytes: Buffer }>): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), file.name);
  const response = await fetch(`${app.baseUrl}/api/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as string[];
}

async function getImage(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.baseUrl}/api/images/${path}`, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const blobRows = async (app: TestApp) => (await app.db.selectFrom('imageBlobs').select('key').execute()).map((row) => row.key);
const objectsOf = async (name: string) => (await s3.keys()).filter((key) => key.startsWith(`images/${name}/`));
const etagOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url').slice(0, 32);

describe('images in the bucket', () => {
  it('stores every width of an upload in the bucket, not in image_blobs, and another instance serves the same bytes and headers', async () => {
    const [name] = await upload(a, tokenA, [{ name: 'Диван.png', bytes: await png(1000, 600) }]);
    const widths = await a.db.selectFrom('imageVariants').select(['width', 'size', 'etag']).where('imageName', '=', name!).orderBy('width').execute();
    expect(widths.map((row) => row.width)).toEqual([200, 400, 800, 1000]);
    expect(await objectsOf(name!)).toEqual(widths.map((row) => `images/${name}/${row.width}`).sort());
    expect(await blobRows(a)).toEqual([]);

    const store = imageStoreFor(a.config);
    for (const { width, size, etag } of widths) {
      const stored = await readStoredBytes((await store.get(a.db, `${name}/${width}`))!);
      for (const app of [a, b]) {
        const served = await getImage(app, `${name}?w=${width}`);
        expect(served.response.status).toBe(200);
        expect(Buffer.compare(served.bytes, stored)).toBe(0);
        expect(etagOf(served.bytes)).toBe(etag);
        expect(Object.fromEntries(['content-type', 'content-length', 'etag', 'cache-control', 'x-content-type-options'].map((header) => [header, served.response.headers.get(header)]))).toEqual({
          'content-type': 'image/webp',
          'content-length': String(size),
          etag: `"${etag}"`,
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
        });
      }
    }
    expect(await sharp((await getImage(b, name!)).bytes).metadata()).toMatchObject({ format: 'webp', width: 1000, height: 600 });
    const notModified = await getImage(b, `${name}?w=400`, { 'if-none-match': `"${widths[1]!.etag}"` });
    expect(notModified.response.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
  });

  it('refuses to delete an image in use as before; a delete through one instance removes the objects for both', async () => {
    const [name] = await upload(a, tokenA, [{ name: 'Логотип.png', bytes: await png(300, 200) }]);
    const brand = await a.db.insertInto('brands').values({ name: 'Облако', url: 'oblako', image: name! }).returning('id').executeTakeFirstOrThrow();
    expect(await b.rest('DELETE', `/images/${name}`, { token: tokenB })).toEqual({
      status: 409,
      body: { statusCode: 409, code: 'CONFLICT', message: `${domainMessages.imageInUsePrefix}брендах: ${brand.id}` },
    });
    expect(await objectsOf(name!)).toHaveLength(2);
    expect((await getImage(a, name!)).response.status).toBe(200);

    await a.db.updateTable('brands').set({ image: null }).where('id', '=', brand.id).execute();
    expect(await b.rest('DELETE', `/images/${name}`, { token: tokenB })).toEqual({ status: 200, body: { ok: true } });
    expect(await objectsOf(name!)).toEqual([]);
    expect((await getImage(a, name!)).response.status).toBe(404);
    expect((await a.rest<{ length: number }>('GET', `/images?filename=${name!.slice(0, 12)}`, { token: tokenA })).body.length).toBe(0);
  });

  it('removes the objects of an upload whose transaction failed (a shopper over the quota)', async () => {
    const before = await s3.keys();
    const buyer = await shopper(a, 'photos-s3@shop.test', 'Фото', 'Облачная');
    // Three files pass the check made before the body is read (one more is allowed), not the one in the transaction.
    expect((await uploadPhotos(a, buyer.token, 2)).status).toBe(200);
    const over = await uploadPhotos(b, buyer.token, 2);
    expect(over.status).toBe(429);
    const after = await s3.keys();
    expect(after.length - before.length).toBe(2);
  });

  it('sweeps objects that no image refers to once they are old enough, and keeps those of images', async () => {
    const [kept] = await upload(a, tokenA, [{ name: 'kept.png', bytes: await png(150, 150) }]);
    const store = imageStoreFor(a.config);
    const orphan = `${'ab'.repeat(16)}.webp/200`;
    await store.put(a.db, orphan, await png(10, 10));
    expect(await s3.keys()).toContain(`images/${orphan}`);

    // Younger than the cut-off: an upload may still be committing it.
    expect(await store.removeOrphans!(a.db, new Date(Date.now() - 3_600_000))).toBe(0);
    expect(await s3.keys()).toContain(`images/${orphan}`);

    expect(await store.removeOrphans!(a.db, new Date(Date.now() + 60_000))).toBe(1);
    expect(await s3.keys()).not.toContain(`images/${orphan}`);
    expect(await objectsOf(kept!)).toEqual([`images/${kept}/150`]);
    expect((await getImage(b, kept!)).response.status).toBe(200);
  });
});

describe('a bucket that does not answer', () => {
  it('answers 503 to uploads and reads, storing nothing, instead of failing with 500', async () => {
    const [name] = await upload(a, tokenA, [{ name: 'offline.png', bytes: await png(120, 80) }]);
    const cut = await startTestApp({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:1' }, undefined, a.database);
    try {
      const images = async () => (await a.db.selectFrom('images').select('name').execute()).length;
      const before = await images();
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(await png(50, 50))], { type: 'image/png' }), 'lost.png');
      const refused = await fetch(`${cut.baseUrl}/api/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await cut.signInAdmin()}` } });
      expect({ status: refused.status, body: withoutRequestId(await refused.json(), refused.headers) }).toEqual({
        status: 503,
        body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: domainMessages.databaseUnavailable },
      });
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await images()).toBe(before);
      const read = await getImage(cut, name!);
      expect(read.response.status).toBe(503);
      // Not to be kept by a cache as if it were the image.
      expect(read.response.headers.get('cache-control')).toBeNull();
      expect(read.response.headers.get('etag')).toBeNull();
      // The bucket is not needed to confirm a cached copy.
      const { etag } = await a.db.selectFrom('imageVariants').select('etag').where('imageName', '=', name!).executeTakeFirstOrThrow();
      expect((await getImage(cut, name!, { 'if-none-match': `"${etag}"` })).response.status).toBe(304);
    } finally {
      await cut.close();
    }
  });
});

describe('configuration', () => {
  it('takes the four S3 variables together or not at all, with the region and path style defaulted', () => {
    const four = { S3_ENDPOINT: 'https://storage.example.ru/', S3_BUCKET: 'shop-images', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(four).s3).toEqual({ endpoint: 'https://storage.example.ru', bucket: 'shop-images', region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true });
    expect(loadConfig({ ...four, S3_REGION: 'ru-central1', S3_FORCE_PATH_STYLE: 'false' }).s3).toMatchObject({ region: 'ru-central1', forcePathStyle: false });
    const { S3_SECRET_ACCESS_KEY: _secret, ...three } = four;
    expect(() => loadConfig(three)).toThrow(ConfigError);
    expect(() => loadConfig(three)).toThrow(/S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(() => loadConfig({ ...four, S3_ENDPOINT: 'ftp://storage' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...four, S3_BUCKET: 'Shop_Images' })).toThrow(/S3_BUCKET/);
  });
});
