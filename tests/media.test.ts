import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import { imageNamePattern } from '../src/shared/media.js';
import { hashPassword } from '../src/server/services/accounts/passwords.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { animatedGif, jpegWithExif, png, svgImage } from './support/media-files.js';
import { withoutRequestId } from './support/rest.js';

let t: TestApp;
let adminToken: string;

interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

async function upload(app: TestApp, files: UploadFile[], token: string | null = adminToken) {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name);
  const response = await fetch(`${app.baseUrl}/api/images`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: withoutRequestId(await response.json(), response.headers) };
}

async function getImage(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.baseUrl}/api/images/${path}`, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function storedCounts(app: TestApp) {
  const count = async (table: 'images' | 'imageVariants' | 'imageBlobs') =>
    (await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  return { images: await count('images'), variants: await count('imageVariants'), blobs: await count('imageBlobs') };
}

beforeAll(async () => {
  t = await startTestApp({ MAX_UPLOAD_MB: '0.5' });
  adminToken = await t.signInAdmin();
});
afterAll(() => t?.close());

describe('an image from upload to deletion', () => {
  it('uploads, lists, serves with widths and ETag, refuses to delete while used, then deletes', async () => {
    // 1200 × 900 stored sideways: the EXIF orientation turns it into 900 × 1200.
    const photo = await jpegWithExif(1200, 900, 6);
    const uploaded = await upload(t, [{ name: 'Фото дивана.jpg', bytes: photo, type: 'application/octet-stream' }]);
    expect(uploaded.status).toBe(200);
    const names = uploaded.body as string[];
    expect(names).toHaveLength(1);
    const name = names[0]!;
    expect(name).toMatch(imageNamePattern);

    const list = await t.rest<{ rows: unknown[]; length: number }>('GET', `/images?originalName=${encodeURIComponent('дивана')}`, { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      rows: [
        {
          name,
          url: `/api/images/${name}`,
          originalName: 'Фото дивана.jpg',
          mimeType: 'image/jpeg',
          size: photo.length,
          width: 900,
          height: 1200,
          createdAt: expect.any(String) as unknown,
        },
      ],
      length: 1,
    });
    expect((await t.rest<{ length: number }>('GET', `/images?filename=${name.slice(0, 8)}&mimeType=image/jpeg&size=${photo.length}`, { token: adminToken })).body.length).toBe(1);
    expect((await t.rest<{ length: number }>('GET', '/images?mimeType=image/png', { token: adminToken })).body.length).toBe(0);

    // The full image: WebP, upright, no EXIF, cached for a year under a strong ETag.
    const full = await getImage(t, name);
    expect(full.response.status).toBe(200);
    expect(full.response.headers.get('content-type')).toBe('image/webp');
    expect(full.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = full.response.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const fullMeta = await sharp(full.bytes).metadata();
    expect(fullMeta).toMatchObject({ format: 'webp', width: 900, height: 1200 });
    expect(fullMeta.exif).toBeUndefined();
    expect(fullMeta.orientation).toBeUndefined();
    expect(full.bytes.includes('SecretCam')).toBe(false);

    const again = await getImage(t, name, { 'if-none-match': etag! });
    expect(again.response.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.response.headers.get('etag')).toBe(etag);

    // ?w= picks the narrowest encoded width at least as wide as asked, else the widest.
    const widthOf = async (query: string) => {
      const { response, bytes } = await getImage(t, `${name}?w=${query}`);
      expect(response.status).toBe(200);
      return { width: (await sharp(bytes).metadata()).width, etag: response.headers.get('etag') };
    };
    expect((await widthOf('400')).width).toBe(400);
    expect((await widthOf('401')).width).toBe(800);
    expect((await widthOf('150')).width).toBe(200);
    expect((await widthOf('5000')).width).toBe(900);
    expect((await widthOf('400')).etag).not.toBe(etag);
    expect((await getImage(t, `${name}?w=abc`)).response.status).toBe(400);

    // In use by a product's variant, a product, a brand and a category: refused, naming their ids.
    const category = await t.db.insertInto('categories').values({ name: 'Диваны', url: 'divany', image: name, parameters: '[]' }).returning('id').executeTakeFirstOrThrow();
    const brand = await t.db.insertInto('brands').values({ name: 'Уют', url: 'uyut', image: name }).returning('id').executeTakeFirstOrThrow();
    const [first, second] = await t.db
      .insertInto('products')
      .values([
        { name: 'Диван угловой', url: 'divan-uglovoy', parameters: '{}', extra: '{}' },
        { name: 'Диван прямой', url: 'divan-pryamoy', parameters: '{}', extra: '{}', image: name },
      ])
      .returning('id')
      .execute();
    await t.db.insertInto('productVariants').values({ productId: first!.id, article: 'DU-1', price: 4_990_000, images: [name] }).execute();
    const refused = await t.rest('DELETE', `/images/${name}`, { token: adminToken });
    expect(refused).toEqual({
      status: 409,
      body: {
        statusCode: 409,
       code: 'CONFLICT',
        message: `${domainMessages.imageInUsePrefix}товарах: ${first!.id}, ${second!.id}; брендах: ${brand.id}; категориях: ${category.id}`,
      },
    });
    expect((await getImage(t, name)).response.status).toBe(200);

    await t.db.updateTable('productVariants').set({ images: [] }).execute();
    await t.db.updateTable('products').set({ image: null }).execute();
    await t.db.updateTable('brands').set({ image: null }).execute();
    const onlyCategory = await t.trpc(adminToken).media.images.delete.mutate({ fileName: name }).catch((error: unknown) => error);
    expect(onlyCategory).toMatchObject({ message: `${domainMessages.imageInUsePrefix}категориях: ${category.id}`, data: { httpStatus: 409 } });

    await t.db.updateTable('categories').set({ image: null }).execute();
    expect(await t.rest('DELETE', `/images/${name}`, { token: adminToken })).toEqual({ status: 200, body: { ok: true } });
    expect((await getImage(t, name)).response.status).toBe(404);
    expect(await t.rest('DELETE', `/images/${name}`, { token: adminToken })).toEqual({ status: 404, body: { statusCode: 404,code: 'NOT_FOUND',  message: statusMessages[404] } });
    expect(await storedCounts(t)).toEqual({ images: 0, variants: 0, blobs: 0 });
  });

  it('keeps several files of one request in order, never upscales, and keeps animation', async () => {
    const small = await png(120, 80);
    const uploaded = await upload(t, [
      { name: 'small.png', bytes: small, type: 'image/png' },
      { name: 'anim.gif', bytes: await animatedGif(), type: 'image/gif' },
    ]);
    expect(uploaded.status).toBe(200);
    const [smallName, gifName] = uploaded.body as string[];
    const list = await t.trpc(adminToken).media.images.list.query({ names: [smallName!, gifName!] });
    expect(list.rows.map((row) => [row.originalName, row.mimeType, row.width, row.height]).sort()).toEqual([
      ['anim.gif', 'image/gif', 60, 40],
      ['small.png', 'image/png', 120, 80],
    ]);
    const tiny = await getImage(t, `${smallName}?w=800`);
    expect(await sharp(tiny.bytes).metadata()).toMatchObject({ format: 'webp', width: 120, height: 80 });
    const anim = await getImage(t, gifName!);
    expect(await sharp(anim.bytes).metadata()).toMatchObject({ format: 'webp', pages: 3, width: 60 });
    for (const name of [smallName!, gifName!]) await t.trpc(adminToken).media.images.delete.mutate({ fileName: name });
  });
});

describe('refusals', () => {
  it('refuses a text file named .png, an SVG, and a batch with one bad file, storing nothing', async () => {
    const text = { name: 'notes.png', bytes: Buffer.from('это не картинка, а текст'), type: 'image/png' };
    expect(await upload(t, [text])).toEqual({
      status: 415,
      body: { statusCode: 415,code: 'UNSUPPORTED_MEDIA_TYPE',  message: `${domainMessages.notAnImage}: notes.png` },
    });
    expect((await upload(t, [{ name: 'logo.svg', bytes: svgImage, type: 'image/svg+xml' }])).status).toBe(415);
    const batch = await upload(t, [{ name: 'good.png', bytes: await png(300, 200), type: 'image/png' }, text]);
    expect(batch.status).toBe(415);
    expect(await storedCounts(t)).toEqual({ images: 0, variants: 0, blobs: 0 });
  });

  it('answers an oversized file with 413 and a Russian message, storing nothing', async () => {
    const big = Buffer.concat([await png(300, 200), Buffer.alloc(600 * 1024, 1)]);
    const response = await upload(t, [{ name: 'good.png', bytes: await png(300, 200), type: 'image/png' }, { name: 'huge.png', bytes: big, type: 'image/png' }]);
    expect(response).toEqual({
      status: 413,
      body: { statusCode: 413,code: 'PAYLOAD_TOO_LARGE',  message: `${domainMessages.imageTooLarge}: huge.png. Наибольший размер — 0.5 МБ.` },
    });
    expect(await storedCounts(t)).toEqual({ images: 0, variants: 0, blobs: 0 });
  });

  it('refuses names that are not generated image names (no path traversal)', async () => {
    for (const path of ['..%2F..%2Fetc%2Fpasswd', '..%2Fpackage.json', 'a.webp', `${'a'.repeat(32)}.webp%00.png`]) {
      expect((await getImage(t, path)).response.status).toBe(400);
      expect((await t.rest('DELETE', `/images/${path}`, { token: adminToken })).status).toBe(400);
    }
    expect((await getImage(t, `${'0'.repeat(32)}.webp`)).response.status).toBe(404);
  });

  it('refuses an empty, broken or JSON upload, or one without the files field, with 400', async () => {
    const form = new FormData();
    form.append('other', new Blob([new Uint8Array(await png(10, 10))]), 'x.png');
    const response = await fetch(`${t.baseUrl}/api/images`, { method: 'POST', body: form, headers: { authorization: `Bearer ${adminToken}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: domainMessages.noImageFiles, requestId: response.headers.get('x-request-id') });
    const json = await t.rest('POST', '/images', { body: { files: [] }, token: adminToken });
    expect(json.status).toBe(400);
    const broken = await fetch(`${t.baseUrl}/api/images`, {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nunterminated',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
    expect(await storedCounts(t)).toEqual({ images: 0, variants: 0, blobs: 0 });
  });

  it('lets only signed-in users upload (review photos), and only an Admin list and delete', async () => {
    const file = { name: 'a.png', bytes: await png(20, 20), type: 'image/png' };
    expect(await upload(t, [file], null)).toEqual({ status: 401, body: { statusCode: 401,code: 'UNAUTHORIZED',  message: statusMessages[401] } });
    await t.db.insertInto('users').values({ email: 'buyer@shop.test', firstName: 'Иван', lastName: 'Петров', passwordHash: await hashPassword('buyer-password') }).execute();
    const buyer = await t.trpc().accounts.auth.signin.mutate({ email: 'buyer@shop.test', password: 'buyer-password' });
    expect((await t.rest('GET', '/images', { token: buyer.accessToken })).status).toBe(403);
    expect((await t.rest('GET', '/images')).status).toBe(401);
    expect((await t.rest('DELETE', `/images/${'0'.repeat(32)}.webp`, { token: buyer.accessToken })).status).toBe(403);
    expect(await storedCounts(t)).toEqual({ images: 0, variants: 0, blobs: 0 });
    const uploaded = await upload(t, [file], buyer.accessToken);
    expect(uploaded.status).toBe(200);
    const owner = await t.db.selectFrom('images').innerJoin('users', 'users.id', 'images.uploadedBy').select('users.email').executeTakeFirstOrThrow();
    expect(owner.email).toBe('buyer@shop.test');
    expect((await t.rest('DELETE', `/images/${(uploaded.body as string[])[0]!}`, { token: buyer.accessToken })).status).toBe(403);
  });
});

describe('the REST document', () => {
  it('lists the four /images calls', async () => {
    const document = (await t.rest<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json')).body;
    expect(Object.keys(document.paths['/images'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/images/{fileName}'] ?? {}).sort()).toEqual(['delete', 'get']);
  });
});

describe('several instances', () => {
  it('serves an image uploaded through one instance from another on the same database', async () => {
    const second = await startTestApp({}, undefined, t.database);
    try {
      const [name] = (await upload(t, [{ name: 'shared.png', bytes: await png(500, 300), type: 'image/png' }])).body as string[];
      const fromSecond = await getImage(second, `${name}?w=400`);
      expect(fromSecond.response.status).toBe(200);
      expect(await sharp(fromSecond.bytes).metadata()).toMatchObject({ format: 'webp', width: 400 });
      const fromFirst = await getImage(t, `${name}?w=400`);
      expect(fromSecond.response.headers.get('etag')).toBe(fromFirst.response.headers.get('etag'));
      expect(Buffer.compare(fromFirst.bytes, fromSecond.bytes)).toBe(0);

      // Deleted through the second instance, gone from the first.
      expect((await second.rest('DELETE', `/images/${name}`, { token: adminToken })).status).toBe(200);
      expect((await getImage(t, name!)).response.status).toBe(404);
    } finally {
      await second.close();
    }
  });
});
