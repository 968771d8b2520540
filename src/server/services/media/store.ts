import type { Readable } from 'node:stream';
import type { Db } from '../../db/connection.js';

/** Bytes read from a store: whole (database) or a stream to pass on (object store). */
export type StoredBytes = Buffer | Readable;

/**
 * Where the bytes of encoded images live. Metadata (names, widths, ETags) is always in the
 * database; only the bytes sit behind this interface (docs/media.md). Each call receives the
 * caller's database handle or transaction.
 */
export interface ImageStore {
  /**
   * true: `put` and `remove` join the caller's transaction (the database store: a failed upload
   * leaves nothing). false: an object store; objects are written before the upload's transaction
   * and removed after a delete's commit, so a failure leaves at worst an unreferenced object,
   * which `removeOrphans` clears.
   */
  readonly transactional: boolean;
  put(db: Db, key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or undefined; a stream must be read to its end or destroyed. */
  get(db: Db, key: string): Promise<StoredBytes | undefined>;
  remove(db: Db, keys: readonly string[]): Promise<void>;
  /** Object stores: removes objects older than `olderThan` that no image width refers to; returns how many. */
  removeOrphans?(db: Db, olderThan: Date): Promise<number>;
  /** Releases connections (the app's close). */
  close(): Promise<void>;
}

/** The key of one encoded width of an image. */
export function imageBlobKey(name: string, width: number): string {
  return `${name}/${width}`;
}

/** The image name and width a key stands for, or undefined for a key the shop did not make. */
export function parseImageBlobKey(key: string): { name: string; width: number } | undefined {
  const match = /^([0-9a-f]{32}\.webp)\/([1-9]\d{0,4})$/.exec(key);
  return match ? { name: match[1]!, width: Number(match[2]) } : undefined;
}

/** The whole of stored bytes (a stream is read to its end). */
export async function readStoredBytes(bytes: StoredBytes): Promise<Buffer> {
  if (Buffer.isBuffer(bytes)) return bytes;
  const chunks: Buffer[] = [];
  for await (const chunk of bytes) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The default: bytes in the `image_blobs` table, shared by every instance on the same database. */
export const databaseImageStore: ImageStore = {
  transactional: true,
  async put(db, key, bytes) {
    await db.insertInto('imageBlobs').values({ key, bytes }).execute();
  },
  async get(db, key) {
    const row = await db.selectFrom('imageBlobs').select('bytes').where('key', '=', key).executeTakeFirst();
    return row?.bytes;
  },
  async remove(db, keys) {
    if (keys.length) await db.deleteFrom('imageBlobs').where('key', 'in', keys).execute();
  },
  async close() {},
};
