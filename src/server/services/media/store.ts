import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';

/**
 * Where the bytes of encoded images live. Metadata (names, widths, ETags) is always in the
 * database; only the bytes sit behind this interface, so that an object store can replace the
 * default later. Each call receives the caller's database handle or transaction: the database
 * store writes inside the upload's transaction (a failed upload leaves nothing); an object store
 * would ignore it and write before the commit (leaving, at worst, an unreferenced object).
 */
export interface ImageStore {
  put(db: Db, key: string, bytes: Buffer): Promise<void>;
  get(db: Db, key: string): Promise<Buffer | undefined>;
  remove(db: Db, keys: readonly string[]): Promise<void>;
}

/** The key of one encoded width of an image. */
export function imageBlobKey(name: string, width: number): string {
  return `${name}/${width}`;
}

/** The default: bytes in the `image_blobs` table, shared by every instance on the same database. */
export const databaseImageStore: ImageStore = {
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
};

/** The configured store; only the database store exists so far. */
export function imageStoreFor(_config: Config): ImageStore {
  return databaseImageStore;
}
