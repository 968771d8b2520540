import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { launchBrowser, startBrowserApp } from './support/browser.js';

let t: TestApp;
let browser: Browser;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close } = await startBrowserApp());
});
afterAll(() => close?.());

describe('the Content-Security-Policy', () => {
  it('lets the storefront, the back office and the API docs run without a violation', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.baseUrl}/`);
    await page.getByRole('banner').waitFor();
    await page.goto(`${t.baseUrl}/admin/login`);
    await page.getByRole('heading', { name: 'Панель управления' }).waitFor();
    await page.goto(`${t.baseUrl}/api/docs`);
    await page.locator('.swagger-ui').getByText('Интернет-магазин: REST API').first().waitFor();
    await page.close();
  });

  it('blocks a script injected inline, and cannot be framed', async () => {
    const unwatched = await launchBrowser();
    try {
      const page = await unwatched.newPage();
      const messages: string[] = [];
      page.on('console', (message) => messages.push(message.text()));
      await page.goto(`${t.baseUrl}/`);
      await page.addScriptTag({ content: 'window.injected = true;' }).catch(() => undefined);
      expect(await page.evaluate(() => (globalThis as { injected?: boolean }).injected ?? false)).toBe(false);
      expect(messages.some((text) => /Content Security Policy/.test(text))).toBe(true);
      const response = await page.request.get(`${t.baseUrl}/admin/login`);
      expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await unwatched.close();
    }
  });
});

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
      })
      .on('error', reject);
  });
}

describe('assets and answers travel compressed', () => {
  it('serves the scripts and styles as brotli or gzip made at build time, cached for a year; index.html is revalidated', async () => {
    const html = await (await fetch(`${t.baseUrl}/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const plain = await rawGet(`${t.baseUrl}${asset}`, {});
      const brotli = await rawGet(`${t.baseUrl}${asset}`, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await rawGet(`${t.baseUrl}${asset}`, { 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(brotli.headers['content-encoding'], asset).toBe('br');
      expect(gzip.headers['content-encoding'], asset).toBe('gzip');
      if (plain.bytes > 2048) expect(brotli.bytes, asset).toBeLessThan(plain.bytes / 2);
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers['vary']).toContain('accept-encoding');
    }
    const page = await rawGet(`${t.baseUrl}/catalog`, { 'accept-encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await rawGet(`${t.baseUrl}/api/openapi.json`, { 'accept-encoding': 'br, gzip' });
    expect(api.headers['content-encoding']).toBe('br');
  });
});

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
