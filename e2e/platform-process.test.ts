/** The process under a supervisor: `npm start` stops cleanly on SIGTERM, also while seeding, and a start killed while seeding seeds again. */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Not within ${ms} ms`);
}

/** Every process started under `pid` (npm, any shell, the server). */
function descendants(pid: number): number[] {
  const rows = execSync('ps -eo pid=,ppid=', { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of rows) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const serving = (port: number) => fetch(`http://127.0.0.1:${port}/health`).then((response) => response.ok, () => false);
const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('npm start under a supervisor', () => {
  it('stops the server itself when `npm start` gets SIGTERM, also with an upload stalled mid-body', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
    const child = spawn('npm', ['start'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' }, stdio: 'ignore' });
    const exit = exited(child);
    try {
      await waitFor(() => serving(port), 90_000);

      // An upload whose client stops sending half-way: the server must not wait for it for ever.
      const stalled = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => stalled.once('connect', resolve));
      stalled.write(`POST /api/images HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 1000000\r\n\r\n--b\r\n`);
      stalled.on('error', () => undefined);

      const processes = descendants(child.pid ?? 0);
      expect(processes.length).toBeGreaterThan(0);
      const signalled = Date.now();
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      // Not one process is left behind (an orphaned server would keep serving), within the deadline.
      await waitFor(() => Promise.resolve(processes.every((pid) => !isAlive(pid))), 15_000);
      expect(Date.now() - signalled).toBeLessThan(10_500);
      expect(await serving(port)).toBe(false);
      stalled.destroy();
    } finally {
      child.kill('SIGKILL');
    }
  }, 150_000);
});

describe('the first start', () => {
  const startServer = (env: NodeJS.ProcessEnv) => spawn(process.execPath, ['dist/server/src/server/main.js'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const seeding = (child: ChildProcess) =>
    new Promise<void>((resolve) => child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('Applied migrations') && resolve()));

  it('stops cleanly on SIGTERM while seeding, and a start killed while seeding seeds again the next time', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seed-'));
    const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };

    // SIGTERM as soon as the migrations are in, while the demo data is being written: the signal
    // is handled (the seed's transaction finishes or is dropped whole) and the process exits 0.
    const first = startServer(env);
    const firstExit = exited(first);
    await seeding(first);
    first.kill('SIGTERM');
    expect(await firstExit).toBe(0);

    // A harder stop: a fresh database killed outright while seeding.
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seed-'));
    const killed = startServer({ ...env, DATA_DIR: otherDir });
    const killedExit = exited(killed);
    await seeding(killed);
    killed.kill('SIGKILL');
    await killedExit;

    for (const dir of [dataDir, otherDir]) {
      const next = startServer({ ...env, DATA_DIR: dir });
      const nextExit = exited(next);
      try {
        await waitFor(() => serving(port), 90_000);
        const products = (await (await fetch(`http://127.0.0.1:${port}/api/products?limit=1`)).json()) as { length: number };
        expect(products.length, dir).toBeGreaterThan(50);
      } finally {
        next.kill('SIGTERM');
        await nextExit;
      }
    }
  }, 300_000);
});
