// After `vite build`: a brotli (.br) and a gzip (.gz) copy of every text asset of dist/client,
// made once at build time at the highest levels, so the server sends them by negotiation
// (@fastify/static's preCompressed) without compressing anything per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve('dist/client');
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let raw = 0;
let brotli = 0;
for (const file of files(root)) {
  const bytes = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = zlib.gzipSync(bytes, { level: 9 });
  // A copy only where it is smaller: the many small chunks of a split build gain too.
  if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
  raw += bytes.length;
  brotli += br.length;
}
process.stdout.write(`Compressed assets: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli\n`);
