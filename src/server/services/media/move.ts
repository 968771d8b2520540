import type { Db } from '../../db/connection.js';
import type { S3ImageStore } from './s3-store.js';
import { imageBlobKey, readStoredBytes } from './store.js';

/** Widths handled per step: their bytes are in memory together (at most a few MB). */
const defaultBatchSize = 8;

export interface MoveReport {
  /** Widths whose bytes were moved by this run. */
  moved: number;
  /** Their bytes in all. */
  bytes: number;
  /** Images those widths belong to. */
  images: number;
  /** Widths found on neither side (to the database only): their image shows as missing. */
  missing: number;
}

export interface MoveOptions {
  /** Widths per step (default 8). */
  batchSize?: number;
  /** Called after each step with the totals so far (progress of a long run). */
  progress?: (report: MoveReport) => void;
}

/**
 * `npm run images:to-s3`: every row of `image_blobs` becomes an object of the bucket, a few at a
 * time: the objects are written, then their rows deleted. Idempotent and resumable: an interrupted
 * run leaves rows whose objects may already exist, and the next run writes them again (same bytes)
 * and deletes the rows. A shop running with the bucket configured serves every image meanwhile
 * (the bucket's store looks in `image_blobs` for an object not there yet).
 */
export async function moveImagesToBucket(db: Db, store: S3ImageStore, options: MoveOptions = {}): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, bytes: 0, images: 0, missing: 0 };
  const names = new Set<string>();
  let after = '';
  for (;;) {
    const rows = await db.selectFrom('imageBlobs').select(['key', 'bytes']).where('key', '>', after).orderBy('key').limit(options.batchSize ?? defaultBatchSize).execute();
    if (!rows.length) break;
    await Promise.all(rows.map(({ key, bytes }) => store.put(db, key, bytes)));
    await db
      .deleteFrom('imageBlobs')
      .where(
        'key',
        'in',
        rows.map(({ key }) => key),
      )
      .execute();
    for (const { key, bytes } of rows) {
      names.add(key.split('/')[0] ?? key);
      report.bytes += bytes.length;
    }
    report.moved += rows.length;
    report.images = names.size;
    after = rows.at(-1)!.key;
    options.progress?.(report);
  }
  return report;
}

/**
 * `npm run images:to-db`: every width without a row in `image_blobs` gets one from its object, a
 * few at a time: the rows are written, then the objects deleted. Idempotent and resumable: widths
 * already in the database are skipped (their objects, left by an interrupted run, are deleted).
 * A width found on neither side is counted as missing.
 */
export async function moveImagesToDatabase(db: Db, store: S3ImageStore, options: MoveOptions = {}): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, bytes: 0, images: 0, missing: 0 };
  const names = new Set<string>();
  let after = { name: '', width: 0 };
  for (;;) {
    const widths = await db
      .selectFrom('imageVariants')
      .select(['imageName', 'width'])
      .where((eb) => eb(eb.refTuple('imageName', 'width'), '>', eb.tuple(after.name, after.width)))
      .orderBy('imageName')
      .orderBy('width')
      .limit(options.batchSize ?? defaultBatchSize)
      .execute();
    if (!widths.length) break;
    const keys = widths.map(({ imageName, width }) => imageBlobKey(imageName, width));
    const present = new Set((await db.selectFrom('imageBlobs').select('key').where('key', 'in', keys).execute()).map((row) => row.key));
    const fetched = await Promise.all(
      keys
        .filter((key) => !present.has(key))
        .map(async (key) => {
          const stored = await store.getObject(key);
          return { key, bytes: stored === undefined ? undefined : await readStoredBytes(stored) };
        }),
    );
    const found = fetched.flatMap(({ key, bytes }) => (bytes ? [{ key, bytes }] : []));
    if (found.length) await db.insertInto('imageBlobs').values(found).onConflict((oc) => oc.column('key').doNothing()).execute();
    // Only once the rows are committed do the objects go.
    await store.deleteObjects(keys.filter((key) => present.has(key) || found.some((row) => row.key === key)));
    for (const { key, bytes } of found) {
      names.add(key.split('/')[0] ?? key);
      report.bytes += bytes.length;
    }
    report.moved += found.length;
    report.missing += fetched.length - found.length;
    report.images = names.size;
    const last = widths.at(-1)!;
    after = { name: last.imageName, width: last.width };
    options.progress?.(report);
  }
  return report;
}
