import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';

/** The REST façade documents itself: an OpenAPI document generated from the procedures and a docs page. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('the OpenAPI document', () => {
  it('publishes an OpenAPI document generated from the procedures, and a docs page', async () => {
    const document = await t.rest<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths['/tags'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(document.body.paths['/tags/{tagId}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(Object.keys(document.body.paths['/sizes/{sizeId}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    const docs = await fetch(`${t.baseUrl}/api/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('/api/docs/init.js');
    expect(await (await fetch(`${t.baseUrl}/api/docs/init.js`)).text()).toContain('/api/openapi.json');
  });
});
