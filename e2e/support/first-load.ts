import type { Browser } from 'playwright-core';
import type { Db } from '../../src/server/db/schema.js';

/** What the first load of one page transferred: scripts and style sheets as they travelled. */
export interface FirstLoad {
  page: string;
  scriptBytes: number;
  styleBytes: number;
  /** Uncompressed, all scripts and styles. */
  decodedBytes: number;
  files: number;
  /** Each file's transferred bytes, largest first. */
  each: Array<{ url: string; encoded: number }>;
}

/** The first load of /, /catalog and a product page transfers at most this much script (a phone on a slow network). */
export const scriptBudgetKb = 150;

/** The script budget of a page (one for every storefront page measured). */
export function scriptBudgetOf(_path: string): number {
  return scriptBudgetKb;
}

/** The pages whose first load the budget covers: the home page, the catalogue and the first demo product's page. */
export async function budgetPages(db: Db): Promise<string[]> {
  const product = await db.selectFrom('products').select('url').where('availability', '=', true).orderBy('id').limit(1).executeTakeFirstOrThrow();
  return ['/', '/catalog', `/product/${encodeURIComponent(product.url)}`];
}

/**
 * Opens `path` in a fresh context (empty cache), waits until the network is idle, and adds up the
 * encoded body sizes of every script and style sheet (brotli or gzip, as served).
 */
export async function measureFirstLoad(browser: Browser, baseUrl: string, path: string): Promise<FirstLoad> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending: Array<Promise<{ url: string; type: string; encoded: number; decoded: number }>> = [];
    // Responses that arrive after the count is taken (a chunk fetched later) are not part of the
    // first load; reading them while the context closes would reject with nobody listening.
    let counted = false;
    page.on('response', (response) => {
      if (counted) return;
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        (async () => {
          const sizes = await response.request().sizes();
          const body = await response.body().catch(() => Buffer.alloc(0));
          return { url: new URL(response.url()).pathname, type, encoded: sizes.responseBodySize, decoded: body.length };
        })(),
      );
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    // On a busy host the network can fall quiet while the first script still runs, before it
    // asks for the page's chunks: the load counts as done once a further second adds nothing.
    let responses: Awaited<(typeof pending)[number]>[];
    do {
      responses = await Promise.all(pending);
      await page.waitForTimeout(1000);
    } while (responses.length < pending.length);
    counted = true;
    const sum = (type: string) => responses.filter((r) => r.type === type).reduce((total, r) => total + r.encoded, 0);
    return {
      page: path,
      scriptBytes: sum('script'),
      styleBytes: sum('stylesheet'),
      decodedBytes: responses.reduce((total, r) => total + r.decoded, 0),
      files: responses.length,
      each: responses.map(({ url, encoded }) => ({ url, encoded })).sort((a, b) => b.encoded - a.encoded),
    };
  } finally {
    await context.close();
  }
}
