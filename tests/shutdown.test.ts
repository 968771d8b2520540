import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import { seedDemoData } from '../src/server/db/seed.js';
import { startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.db, { production: false });
}, 120_000);

afterAll(async () => {
  await t.close();
});

interface Outcome {
  status: number | 'reset';
  retryAfter: string | null;
  requestId: string | null;
  body: string;
}

function ask(path: string): Promise<Outcome> {
  return fetch(`${t.baseUrl}${path}`).then(
    async (response) => ({ status: response.status, retryAfter: response.headers.get('retry-after'), requestId: response.headers.get('x-request-id'), body: await response.text() }),
    () => ({ status: 'reset' as const, retryAfter: null, requestId: null, body: '' }),
  );
}

const words = ['куртка', 'платье', 'кроссовки', 'шапка', 'рубашка'];

describe('a shutdown', () => {
  it('drops no request: those in flight finish, later ones get a Russian 503 with Retry-After', async () => {
    const requests = Array.from({ length: 60 }, (_unused, index) => ask(`/api/products?limit=50&offset=${index}&name=${encodeURIComponent(words[index % words.length]!)}`));
    // Closing begins once the first answer is out: the others are queued on the embedded
    // database, being read, or still waiting to be accepted.
    await Promise.race(requests);
    const closing = t.app.beginClosing();
    const late = await ask('/health');
    await closing;
    const closed = t.app.close();
    const outcomes = await Promise.all(requests);
    await closed;

    expect(outcomes.filter((outcome) => outcome.status === 'reset')).toEqual([]);
    const served = outcomes.filter((outcome) => outcome.status === 200);
    const refused = outcomes.filter((outcome) => outcome.status !== 200);
    expect(served.length).toBeGreaterThan(0);
    for (const outcome of [...refused, late]) {
      expect(outcome.status).toBe(503);
      expect(outcome.retryAfter).toBe('5');
      expect(JSON.parse(outcome.body)).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: domainMessages.shuttingDown, requestId: outcome.requestId });
    }
  });
});
