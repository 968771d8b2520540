// `npm start` builds once when the build is missing or older than the sources, then the server
// starts with plain node. A fresh clone therefore needs only `npm install && npm start`.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const stamp = 'dist/.build-stamp';
const sources = ['src', 'migrations', 'package.json', 'vite.config.ts', 'tsconfig.build.json'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (built < Math.max(...sources.map(newestMtime))) {
  process.stdout.write('Building the shop (client and server)…\n');
  execSync('npm run build', { stdio: 'inherit' });
  fs.writeFileSync(stamp, new Date().toISOString());
}
