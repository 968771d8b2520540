/**
 * The storefront's first load as a browser transfers it. Target: at most 150 KB of script on /,
 * /catalog and a product page (the first demo product's, found at run time), so a phone on a slow network can start shopping; scripts and CSS are both recorded, as
 * served (compressed).
 *
 *   npm run build && npx tsx bench/bundle.ts [--files]
 *
 * Starts the app with the built client on an in-memory database with the demo data, opens each
 * page in a fresh Chromium context (empty cache), waits until the network is idle, and adds up the
 * bytes of every script and style sheet as they travelled (e2e/support/first-load.ts, which the browser
 * test of the budget uses too). `--files` lists each file.
 */
import os from 'node:os';
import { launchBrowser, clientDir } from '../e2e/support/browser.js';
import { budgetPages, measureFirstLoad, scriptBudgetOf, type FirstLoad } from '../e2e/support/first-load.js';
import { seedDemoData } from '../src/server/db/seed.js';
import { startTestApp } from '../tests/support/harness.js';

const t = await startTestApp({}, clientDir);
await seedDemoData(t.db, { production: false });
const pages = await budgetPages(t.db);
const browser = await launchBrowser();
const loads: FirstLoad[] = [];
try {
  for (const path of pages) loads.push(await measureFirstLoad(browser, t.baseUrl, path));
} finally {
  await browser.close();
  await t.close();
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
process.stdout.write(`# Storefront first load — ${new Date().toISOString().slice(0, 16)} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}\n\n`);
process.stdout.write('| page | files | scripts (transferred) | CSS (transferred) | total transferred | uncompressed | script budget |\n|---|---|---|---|---|---|---|\n');
for (const load of loads) {
  const total = load.scriptBytes + load.styleBytes;
  process.stdout.write(
    `| ${load.page} | ${load.files} | ${kb(load.scriptBytes)} KB | ${kb(load.styleBytes)} KB | **${kb(total)} KB** | ${kb(load.decodedBytes)} KB | ${load.scriptBytes <= scriptBudgetOf(load.page) * 1024 ? 'met' : 'over'} (scripts ≤ ${scriptBudgetOf(load.page)} KB) |\n`,
  );
}
if (process.argv.includes('--files')) {
  for (const load of loads) {
    process.stdout.write(`\n${load.page}\n`);
    for (const file of load.each) process.stdout.write(`  ${kb(file.encoded).padStart(6)} KB  ${file.url}\n`);
  }
}
