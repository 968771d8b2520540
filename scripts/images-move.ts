/**
 * `npm run images:to-s3` / `npm run images:to-db`: moves the bytes of uploaded images from the
 * database (`image_blobs`) to the bucket named by the S3_* variables, or back (docs/media.md,
 * "Object storage"). Idempotent and resumable; prints what it moved.
 */
import { ConfigError, loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/connection.js';
import { moveImagesToBucket, moveImagesToDatabase, type MoveReport } from '../src/server/services/media/move.js';
import { s3ImageStore } from '../src/server/services/media/s3-store.js';

const direction = process.argv[2];
if (direction !== 'to-s3' && direction !== 'to-db') {
  process.stderr.write('Usage: tsx scripts/images-move.ts to-s3|to-db\n');
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
if (!config.s3) {
  process.stderr.write('Set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: the bucket to move the images to or from.\n');
  process.exit(2);
}

const describe = (report: MoveReport) => `${report.moved} widths of ${report.images} images (${(report.bytes / 1024 / 1024).toFixed(1)} MB)`;
let lastProgress = 0;
const progress = (report: MoveReport) => {
  if (report.moved - lastProgress < 500) return;
  lastProgress = report.moved;
  process.stderr.write(`… ${describe(report)}\n`);
};

const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const store = s3ImageStore(config.s3);
try {
  const where = `bucket ${config.s3.bucket} at ${config.s3.endpoint}`;
  if (direction === 'to-s3') {
    const report = await moveImagesToBucket(handle.db, store, { progress });
    process.stdout.write(`Moved ${describe(report)} from the database to the ${where}\n`);
  } else {
    const report = await moveImagesToDatabase(handle.db, store, { progress });
    process.stdout.write(`Moved ${describe(report)} from the ${where} to the database\n`);
    if (report.missing) process.stdout.write(`Missing on both sides: ${report.missing} widths (their images cannot be shown)\n`);
  }
} finally {
  await store.close();
  await handle.close();
}
