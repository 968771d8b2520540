import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { rawFetch } from './support/rest.js';

/** A tRPC batch is bounded, so one request cannot fan out into unlimited procedure calls. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t?.close());

const raw = (path: string, init: RequestInit = {}) => rawFetch(t.baseUrl, path, init);

describe('tRPC batches', () => {
  it('are bounded at 10 calls: more is 400', async () => {
    const batch = (count: number) => {
      const paths = Array.from({ length: count }, () => 'catalogue.tags.list').join(',');
      const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_unused, index) => [index, { json: {} }]))));
      return raw(`/trpc/${paths}?batch=1&input=${input}`);
    };
    expect((await batch(10)).status).toBe(200);
    const refused = await batch(11);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(domainMessages.tooManyBatched);
  });
});
