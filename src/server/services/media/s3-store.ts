import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';
import { databaseImageStore, parseImageBlobKey, type ImageStore, type StoredBytes } from './store.js';

/** Every object of the shop is under this prefix of the bucket: `images/<name>/<width>`. */
export const objectPrefix = 'images/';

/** DeleteObjects takes at most this many keys. */
const deleteBatch = 1000;

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    // Checksums only where S3 requires one: several S3-compatible servers refuse the SDK's newer
    // default trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The bucket did not answer or refused: answered 503 (the error handler reads `statusCode`). */
export class ObjectStoreUnavailable extends Error {
  readonly statusCode = 503;
  constructor(action: string, cause: unknown) {
    super(`Object store: ${action} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Runs one call to the bucket; any failure becomes `ObjectStoreUnavailable`. */
async function call<T>(action: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new ObjectStoreUnavailable(action, error);
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = '$metadata' in error ? (error.$metadata as { httpStatusCode?: number } | undefined)?.httpStatusCode : undefined;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || status === 404;
}

/** The bucket's store, with the object-only reads and deletes the move commands need. */
export interface S3ImageStore extends ImageStore {
  readonly bucket: string;
  /** The object alone (no look in `image_blobs`). */
  getObject(key: string): Promise<StoredBytes | undefined>;
  /** The objects alone (rows in `image_blobs` stay). */
  deleteObjects(keys: readonly string[]): Promise<void>;
}

/**
 * Image bytes in an S3-compatible bucket. Widths not moved yet (`npm run images:to-s3`) or moved
 * back already (`images:to-db`) are still found in `image_blobs`: an object missing from the
 * bucket is looked for there, so the shop serves every image while either command runs.
 */
export function s3ImageStore(settings: S3Settings): S3ImageStore {
  const client = s3Client(settings);
  const Bucket = settings.bucket;

  async function getObject(key: string): Promise<StoredBytes | undefined> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectPrefix + key }));
      if (answer.Body instanceof Readable) return answer.Body;
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw new ObjectStoreUnavailable('GetObject', error);
    }
  }

  async function deleteObjects(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += deleteBatch) {
      const Objects = keys.slice(start, start + deleteBatch).map((key) => ({ Key: objectPrefix + key }));
      const answer = await call('DeleteObjects', () => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } })));
      const failed = answer.Errors?.filter((error) => error.Code !== 'NoSuchKey') ?? [];
      if (failed.length) throw new ObjectStoreUnavailable('DeleteObjects', `${failed.length} keys refused: ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`);
    }
  }

  return {
    bucket: Bucket,
    getObject,
    deleteObjects,
    transactional: false,
    async put(_db, key, bytes) {
      await call('PutObject', () => client.send(new PutObjectCommand({ Bucket, Key: objectPrefix + key, Body: bytes, ContentType: 'image/webp', ContentLength: bytes.length })));
    },
    async get(db, key) {
      // Object, else a row not moved yet, else the object again (moved between the two looks).
      return (await getObject(key)) ?? (await databaseImageStore.get(db, key)) ?? (await getObject(key));
    },
    async remove(db, keys) {
      if (!keys.length) return;
      await databaseImageStore.remove(db, keys);
      await deleteObjects(keys);
    },
    async removeOrphans(db, olderThan) {
      let removed = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await call('ListObjectsV2', () => client.send(new ListObjectsV2Command({ Bucket, Prefix: objectPrefix, ContinuationToken })));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        const old = (page.Contents ?? []).flatMap((object) => {
          const key = object.Key?.slice(objectPrefix.length) ?? '';
          const parsed = parseImageBlobKey(key);
          return parsed && object.LastModified && object.LastModified < olderThan ? [{ key, ...parsed }] : [];
        });
        if (!old.length) continue;
        const known = await db
          .selectFrom('imageVariants')
          .select(['imageName', 'width'])
          .where(
            'imageName',
            'in',
            old.map((object) => object.name),
          )
          .execute();
        const referenced = new Set(known.map((row) => `${row.imageName}/${row.width}`));
        const orphans = old.filter((object) => !referenced.has(object.key)).map((object) => object.key);
        await deleteObjects(orphans);
        removed += orphans.length;
      } while (ContinuationToken);
      return removed;
    },
    close() {
      client.destroy();
      return Promise.resolve();
    },
  };
}
