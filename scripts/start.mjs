// `npm start`: builds once when the build is missing or older than the sources, then runs the
// server in this same process, so a signal sent to `npm start` reaches the server itself (with
// .npmrc's script-shell=bash, npm's shell execs this process instead of waiting on it).
import { ensureBuilt } from './ensure-build.mjs';

ensureBuilt();
await import('../dist/server/src/server/main.js');
