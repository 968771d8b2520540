import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';
import { rawFetch } from './support/rest.js';

/** Every answer carries the security headers (CSP, no framing, nosniff, referrer policy), and HSTS when served over https. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t?.close());

const raw = (path: string, init: RequestInit = {}) => rawFetch(t.baseUrl, path, init);

describe('security headers', () => {
  it('sends a CSP with scripts from this origin only and no framing, nosniff and a strict referrer policy', async () => {
    for (const path of ['/', '/api/tags', '/health']) {
      const { headers } = await raw(path);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS when the shop is served over https', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const response = await fetch(`${secure.baseUrl}/api/tags`);
      expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});
