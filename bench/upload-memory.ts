import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Peak memory of a real server process (its own process, started from the sources) while it
 * takes `uploads` concurrent uploads of `filesPerUpload` files each: VmHWM, the kernel's high-water
 * mark of the process's resident memory, read before and after. The server runs on PostgreSQL (a
 * database of its own, `postgresUrl`'s server): the embedded PGlite keeps every stored byte in its
 * WebAssembly heap, which would be counted as the server's.
 */
export interface UploadMemoryReport {
  uploads: number;
  filesPerUpload: number;
  fileBytes: number;
  rssBeforeMb: number;
  peakRssMb: number;
  seconds: number;
  failed: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function memoryOf(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function withDatabase<T>(postgresUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `shop_upload_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export function measureUploadMemory(postgresUrl: string, files: Buffer[], uploads: number, filesPerUpload: number): Promise<UploadMemoryReport> {
  return withDatabase(postgresUrl, (databaseUrl) => measure(databaseUrl, files, uploads, filesPerUpload));
}

async function measure(databaseUrl: string, files: Buffer[], uploads: number, filesPerUpload: number): Promise<UploadMemoryReport> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-upload-bench-'));
  const admin = { email: 'bench@shop.local', password: 'bench-password-1' };
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, DATABASE_URL: databaseUrl, MAX_UPLOAD_MB: '20' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (await fetch(`${base}/health`).then((response) => response.ok, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const signin = (await (await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) })).json()) as {
      accessToken: string;
    };
    const pid = server.pid ?? 0;
    const rssBeforeMb = memoryOf(pid, 'VmRSS');
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: uploads }, async (_unused, upload) => {
        const form = new FormData();
        for (let index = 0; index < filesPerUpload; index += 1) {
          const bytes = files[(upload + index) % files.length]!;
          form.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `photo-${upload}-${index}.png`);
        }
        const response = await fetch(`${base}/api/images`, { method: 'POST', headers: { authorization: `Bearer ${signin.accessToken}` }, body: form });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    return {
      uploads,
      filesPerUpload,
      fileBytes: Math.round(files.reduce((sum, file) => sum + file.length, 0) / files.length),
      rssBeforeMb,
      peakRssMb: memoryOf(pid, 'VmHWM'),
      seconds: (performance.now() - started) / 1000,
      failed: answers.filter((status) => status !== 200).length,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
