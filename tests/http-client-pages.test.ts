import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';

/** The same process that answers /api serves the built React app for every other page. */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Магазин</title><div id="root"></div>');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, clientDir);
});
afterAll(() => t?.close());

describe('the pages of the React app', () => {
  it('serves the React app for every other GET (SPA fallback)', async () => {
    for (const route of ['/', '/admin/login', '/catalog?page=2', '/profile']) {
      const response = await fetch(`${t.baseUrl}${route}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers HEAD on a page like GET, without the body (uptime monitors, crawlers)', async () => {
    for (const route of ['/', '/catalog']) {
      const response = await fetch(`${t.baseUrl}${route}`, { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toBe('');
    }
  });
});
