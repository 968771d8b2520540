// A fresh clone needs only `npm install && npm start`: the client and the server are built when
// the build is missing or older than the sources.
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

export function ensureBuilt() {
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (built >= Math.max(...sources.map(newestMtime))) return;
  process.stdout.write('Building the shop (client and server)…\n');
  // The build is always the production one: a NODE_ENV inherited from the caller (a test runner
  // sets `test`) would otherwise give Vite's development bundle of React.
  execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

/** `npm run build` ends here: the stamp says the build matches the sources. */
export function writeStamp() {
  fs.mkdirSync('dist', { recursive: true });
  fs.writeFileSync(stamp, new Date().toISOString());
}

if (process.argv[2] === '--stamp') writeStamp();
