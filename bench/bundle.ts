/**
 * The storefront's first load as a browser transfers it (PERFORMANCE.md: ≤ 150 KB on / and
 * /catalog, issue 17: scripts and CSS both, as served — compressed).
 *
 *   npm run build && npx tsx bench/bundle.ts
 *
 * Starts the app with the built client on an in-memory database with the demo data, opens each
 * page in a fresh Chromium context (empty cache), waits until the network is idle, and adds up the
 * bytes of every script and style sheet as they travelled (the encoded body sizes).
 */
import os from 'node:os';
import { launchBrowser, clientDir } from '../e2e/browser.js';
import { seedDemoData } from '../src/server/db/seed.js';
import { startTestApp } from '../tests/harness.js';

interface Load {
  page: string;
  scriptBytes: number;
  styleBytes: number;
  decodedBytes: number;
  files: number;
}

const budgetKb = 150;
const pages = ['/', '/catalog'];

const t = await startTestApp({}, clientDir);
await seedDemoData(t.db, { production: false });
const browser = await launchBrowser();
const loads: Load[] = [];
try {
  for (const path of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Array<Promise<{ type: string; encoded: number; decoded: number }>> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        (async () => {
          const sizes = await response.request().sizes();
          const body = await response.body().catch(() => Buffer.alloc(0));
          return { type, encoded: sizes.responseBodySize, decoded: body.length };
        })(),
      );
    });
    await page.goto(`${t.baseUrl}${path}`, { waitUntil: 'networkidle' });
    const responses = await Promise.all(pending);
    loads.push({
      page: path,
      scriptBytes: responses.filter((r) => r.type === 'script').reduce((sum, r) => sum + r.encoded, 0),
      styleBytes: responses.filter((r) => r.type === 'stylesheet').reduce((sum, r) => sum + r.encoded, 0),
      decodedBytes: responses.reduce((sum, r) => sum + r.decoded, 0),
      files: responses.length,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await t.close();
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
process.stdout.write(`# Storefront first load — ${new Date().toISOString().slice(0, 16)} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}\n\n`);
process.stdout.write('| page | files | scripts (transferred) | CSS (transferred) | total transferred | uncompressed | PERFORMANCE.md budget |\n|---|---|---|---|---|---|---|\n');
for (const load of loads) {
  const total = load.scriptBytes + load.styleBytes;
  process.stdout.write(
    `| ${load.page} | ${load.files} | ${kb(load.scriptBytes)} KB | ${kb(load.styleBytes)} KB | **${kb(total)} KB** | ${kb(load.decodedBytes)} KB | ${load.scriptBytes <= budgetKb * 1024 ? 'met' : 'over'} (scripts ≤ ${budgetKb} KB) |\n`,
  );
}
