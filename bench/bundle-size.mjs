// The storefront's initial JavaScript: every script and modulepreload that dist/client/index.html
// loads eagerly (the same on / and /catalog: pages are lazy chunks), gzip-compressed.
// Run after `npm run build`: `node bench/bundle-size.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve('dist/client');
const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
let total = 0;
for (const file of files) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length;
  total += size;
  process.stdout.write(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}\n`);
}
process.stdout.write(`${(total / 1024).toFixed(1).padStart(7)} KB  initial JavaScript, gzip (target ≤ 150 KB)\n`);
