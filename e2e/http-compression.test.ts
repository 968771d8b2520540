import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../tests/support/harness.js';
import { startBrowserApp } from './support/browser.js';

/** Scripts and styles are served precompressed (brotli or gzip) and cached for a year; index.html is revalidated. */
let t: TestApp;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, close } = await startBrowserApp());
});
afterAll(() => close?.());

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
