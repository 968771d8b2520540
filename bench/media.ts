/**
 * Media bench. Target: a product image stored 400 px wide weighs at most 40 KB (WebP), so a
 * catalogue page of cards stays light on a phone.
 *
 *   npx tsx bench/media.ts [--save <dir>] [--photo <file>]
 *
 * --save writes the generated test images to a directory, to look at; --photo adds a real photo.
 *
 * Draws photo-like test images (no binary fixtures, no network), encodes them exactly as an
 * upload is encoded, and prints the size of every stored width and the encoding time; then
 * serves the 400-px width from a real app on PGlite under autocannon.
 */
import autocannon from 'autocannon';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { encodeImage } from '../src/server/services/media/encode.js';
import { insertImages } from '../src/server/services/media/library.js';
import { databaseImageStore } from '../src/server/services/media/store.js';
import { measureUploadMemory } from './upload-memory.js';

interface Scene {
  name: string;
  svg: string;
  /** Standard deviation of each texture octave and of the sensor grain. */
  texture: number;
  grain: number;
}

const width = 3000;
const height = 2000;

/** A product shot: a sofa-like shape on a soft studio background, with fabric texture and sensor grain. */
const productShot: Scene = {
  name: 'product shot (studio, fabric texture)',
  texture: 28,
  grain: 8,
  svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <radialGradient id="bg" cx="50%" cy="35%" r="80%"><stop offset="0" stop-color="#f4efe8"/><stop offset="1" stop-color="#c9c0b3"/></radialGradient>
      <linearGradient id="seat" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4f6d8f"/><stop offset="1" stop-color="#22364d"/></linearGradient>
      <linearGradient id="back" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5d7ea3"/><stop offset="1" stop-color="#2c4563"/></linearGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    <ellipse cx="1500" cy="1620" rx="1250" ry="120" fill="#000" opacity="0.18"/>
    <rect x="420" y="620" width="2160" height="640" rx="120" fill="url(#back)"/>
    <rect x="300" y="1060" width="2400" height="420" rx="110" fill="url(#seat)"/>
    <rect x="250" y="820" width="330" height="700" rx="120" fill="#33506f"/>
    <rect x="2420" y="820" width="330" height="700" rx="120" fill="#33506f"/>
    <rect x="700" y="720" width="760" height="420" rx="90" fill="#6b8bb0" opacity="0.85"/>
    <rect x="1540" y="720" width="760" height="420" rx="90" fill="#6b8bb0" opacity="0.85"/>
    <rect x="520" y="1480" width="70" height="170" fill="#3b2a1e"/><rect x="2410" y="1480" width="70" height="170" fill="#3b2a1e"/>
  </svg>`,
};

/** A detailed outdoor scene: sky, hills, a lot of foliage-like texture (the hard case for any codec). */
const outdoorScene: Scene = {
  name: 'outdoor scene (foliage, high detail)',
  texture: 40,
  grain: 10,
  svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#dbe9f6"/></linearGradient>
      <linearGradient id="hill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8c3a"/><stop offset="1" stop-color="#2f4f1f"/></linearGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="2400" cy="380" r="160" fill="#fff6c9" opacity="0.9"/>
    <path d="M0 1100 Q 600 760 1200 1050 T 2400 980 T 3000 1000 V 2000 H 0 Z" fill="url(#hill)"/>
    <path d="M0 1400 Q 800 1150 1500 1380 T 3000 1300 V 2000 H 0 Z" fill="#3d6b27"/>
    ${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 173) % width}" cy="${1250 + ((i * 97) % 600)}" r="${60 + ((i * 37) % 90)}" fill="#2a4a1a" opacity="0.7"/>`).join('')}
  </svg>`,
};

/**
 * Natural images have detail at every scale (roughly a 1/f spectrum), which a single noise layer
 * lacks: downscaling averages it away and flatters the codec. Noise drawn at sizes from 1/64 to
 * full and scaled up gives texture at every scale, as a photograph has.
 */
async function octaveTexture(sigma: number): Promise<Buffer[]> {
  const layers: Buffer[] = [];
  for (const divisor of [64, 16, 4, 1]) {
    const w = Math.ceil(width / divisor);
    const h = Math.ceil(height / divisor);
    const layer = sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } });
    // Luminance texture, as in a photograph; colour noise would be unrealistically hard on the codec.
    const grey = await layer.greyscale().png().toBuffer();
    layers.push(await sharp(grey).resize({ width, height, kernel: 'cubic' }).png({ compressionLevel: 1 }).toBuffer());
  }
  return layers;
}

async function photo(scene: Scene): Promise<Buffer> {
  const texture = await octaveTexture(scene.texture);
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: scene.grain } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(Buffer.from(scene.svg))
    .composite([...texture.map((input) => ({ input, blend: 'soft-light' as const })), { input: grain, blend: 'overlay' as const }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A bench prints its report (markdown, ready for bench/README.md). */
function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function serveBench(url: string, connections: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: 8 });
}

print(`# Media bench — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`);
const saveIndex = process.argv.indexOf('--save');
const saveDir = saveIndex > 0 ? process.argv[saveIndex + 1] : undefined;
const encoded: Array<{ originalName: string; size: number; image: Awaited<ReturnType<typeof encodeImage>> }> = [];
const photoIndex = process.argv.indexOf('--photo');
const extraPhoto = photoIndex > 0 ? process.argv[photoIndex + 1] : undefined;
const inputs: Array<{ name: string; original: () => Promise<Buffer> }> = [productShot, outdoorScene].map((scene) => ({
  name: scene.name,
  original: async () => {
    const bytes = await photo(scene);
    if (saveDir) await sharp(bytes).toFile(path.join(saveDir, `${scene.name.split(' ')[0]}.jpg`));
    return bytes;
  },
}));
if (extraPhoto) inputs.push({ name: `photo ${path.basename(extraPhoto)}`, original: () => readFile(extraPhoto) });

for (const scene of inputs) {
  const original = await scene.original();
  const { width: originalWidth, height: originalHeight, format } = await sharp(original).metadata();
  const started = performance.now();
  const image = await encodeImage(original);
  const elapsed = performance.now() - started;
  print(`\n## ${scene.name}: ${originalWidth}×${originalHeight} ${format}, ${kb(original.length)}; encoded in ${elapsed.toFixed(0)} ms`);
  print('| width | WebP size |\n|---|---|');
  for (const variant of image.widths) print(`| ${variant.width} | ${kb(variant.bytes.length)} |`);
  encoded.push({ originalName: `${scene.name}.jpg`, size: original.length, image });
}

const handle = await openDatabase({ dataDir: 'memory://' });
await migrateToLatest(handle.db);
const names = await handle.db.transaction().execute((trx) => insertImages(trx, databaseImageStore, encoded));
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }), db: handle.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

print('\n## Serving GET /api/images/{name}?w=400 (PGlite, 8 s each)\n| connections | requests/s | p50 | p99 | errors |\n|---|---|---|---|---|');
for (const connections of [4, 32]) {
  const result = await serveBench(`${baseUrl}/api/images/${names[0]!}?w=400`, connections);
  print(`| ${connections} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.errors + result.non2xx} |`);
}
await app.close();
await handle.close();

// Large PNGs (photo-like, so they barely compress): the worst case for memory while decoding.
const pngs = await Promise.all([productShot, outdoorScene].map(async (scene) => sharp(await photo(scene)).resize({ width: 2400 }).png({ compressionLevel: 6 }).toBuffer()));
const postgresUrl = process.env['POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
print('\n## Peak memory of the server process under concurrent uploads (PostgreSQL; VmHWM of the process)');
print('| uploads × files | file size | RSS before | peak RSS | time | failed |\n|---|---|---|---|---|---|');
for (const [uploads, files] of [
  [3, 4],
  [10, 10],
] as const) {
  const report = await measureUploadMemory(postgresUrl, pngs, uploads, files);
  print(
    `| ${uploads} × ${files} | ${kb(report.fileBytes)} | ${report.rssBeforeMb} MB | ${report.peakRssMb} MB | ${report.seconds.toFixed(1)} s | ${report.failed} |`,
  );
}
