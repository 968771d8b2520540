import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/server/rest/openapi.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { setUpShop, variantOf, type Shop } from './support/orders-support.js';

type IntegratorRun = (baseUrl: string, variantId: number) => Promise<{ found: number; walked: number; distinct: number; basketTotal: number; orderId: number; refusal: string }>;

/** A client generated from the live document compiles and works: drift between document and server fails here. */
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await startTestApp();
  shop = await setUpShop(t);
});
afterAll(() => t.close());

describe('a client generated from /api/openapi.json with openapi-typescript', () => {
  it('compiles with zero type errors against the program an integrator would write', { timeout: 120_000 }, async () => {
    const served = await t.rest<object>('GET', '/openapi.json');
    expect(served.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    const types = astToString(await openapiTS(served.body as Parameters<typeof openapiTS>[0]));
    await mkdir('tests/typed-client/generated', { recursive: true });
    await writeFile('tests/typed-client/generated/api.d.ts', types);
    const compile = await promisify(execFile)(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tests/typed-client/tsconfig.json'], { encoding: 'utf8' }).catch(
      (error: { stdout?: string; message?: string }) => ({ stdout: error.stdout || error.message || 'tsc failed' }),
    );
    expect(compile.stdout).toBe('');
  });

  it('browses with filters, fills a guest basket, places a guest order and reads a typed refusal', async () => {
    // Loaded by name: the program's types exist only once the first test has generated them.
    const programPath = './typed-client/program.js';
    const { integratorRun } = (await import(programPath)) as { integratorRun: IntegratorRun };
    const result = await integratorRun(t.baseUrl, variantOf(shop.mug));
    expect(result.found).toBeGreaterThan(0);
    // The cursor walk saw every product once.
    const total = await t.rest<{ length: number }>('GET', '/products');
    expect(result.walked).toBe(total.body.length);
    expect(result.distinct).toBe(result.walked);
    expect(result.basketTotal).toBe(700);
    expect(result.orderId).toBeGreaterThan(0);
    expect(result.refusal).toBe('404 NOT_FOUND');
  });
});
