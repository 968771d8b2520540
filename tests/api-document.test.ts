import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswers } from './support/answer-check.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** The OpenAPI document tells what the server does: who may call, which failures, which parameters. */
interface Operation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }> };
}

let t: TestApp;
let document: Document;
const operations: Array<{ path: string; method: string; operation: Operation }> = [];

beforeAll(async () => {
  t = await startTestApp();
  document = (await t.rest<Document>('GET', '/openapi.json')).body;
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) operations.push({ path, method, operation });
  }
});
afterAll(() => t.close());

function operation(method: string, path: string): Operation {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
}

describe('the OpenAPI document', () => {
  it('declares anonymous operations as such, optional auth where a token changes the answer, a token where one is needed', () => {
    expect(operation('get', '/products').security).toEqual([]);
    expect(operation('post', '/auth/signin').security).toEqual([]);
    expect(operation('post', '/checkouts/direct').security).toEqual([]);
    expect(operation('get', '/images/{fileName}').security).toEqual([]);
    expect(operation('get', '/baskets/{basketId}').security).toEqual([{}, { Authorization: [] }]);
    expect(operation('get', '/reviews').security).toEqual([{}, { Authorization: [] }]);
    expect(operation('get', '/users').security).toEqual([{ Authorization: [] }]);
    expect(operation('post', '/webhooks').security).toEqual([{ Authorization: [] }]);
    // Every operation says which of the three it is.
    expect(operations.filter(({ operation }) => operation.security === undefined).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('describes every failure with one Error schema, as the server answers it', async () => {
    expect(Object.keys(document.components.schemas).filter((name) => name.startsWith('error.'))).toEqual([]);
    expect(document.components.schemas['Error']?.required).toEqual(['statusCode', 'code', 'message']);
    for (const { operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) expect(response.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/Error');
      }
    }
    const missing = await t.rest<Record<string, unknown>>('GET', '/products/999999');
    expect(missing.status).toBe(404);
    // t.rest checks the error's requestId against its X-Request-Id header and takes it out.
    expect(Object.keys(missing.body).sort()).toEqual(['code', 'message', 'statusCode']);
    const raw = await fetch(`${t.baseUrl}/api/products/999999`);
    expect(Object.keys((await raw.json()) as object).sort()).toEqual(['code', 'message', 'requestId', 'statusCode']);
    expect(document.components.schemas['Error']?.properties).toHaveProperty('requestId');
  });

  it('declares the statuses that occur: 409, 429 and 503 included, 401/403 only where auth applies', () => {
    for (const { method, path, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '429', '500', '503']));
    }
    expect(Object.keys(operation('put', '/tags/{tagId}').responses)).toEqual(expect.arrayContaining(['401', '403', '404', '409', '413']));
    expect(Object.keys(operation('get', '/products').responses)).not.toContain('401');
    expect(Object.keys(operation('post', '/checkouts/direct').responses)).toContain('422');
  });

  it('marks every path parameter required and gives every operation an id and a summary', () => {
    for (const { method, path, operation } of operations) {
      for (const parameter of operation.parameters ?? []) if (parameter.in === 'path') expect(parameter.required, `${method} ${path} ${parameter.name}`).toBe(true);
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(({ operation }) => !operation.summary).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    expect(operation('post', '/brands').summary).toBe('Создать бренд');
    const orderBy = operation('get', '/tags').parameters?.find((parameter) => parameter.name === 'orderBy') as { schema?: { enum?: string[] } } | undefined;
    expect(orderBy?.schema?.enum).toEqual(['asc', 'desc']);
  });

  it('is what every test app checks its REST answers against: a drift is caught', () => {
    const problems = checkAnswers(document, [
      { method: 'GET', path: '/tags/1', status: 200, body: { id: 1, name: 'Зима' } },
      { method: 'GET', path: '/tags?limit=1', status: 418, body: { statusCode: 418, code: 'TEAPOT', message: 'Я чайник' } },
      { method: 'GET', path: '/tags/1', status: 404, body: { statusCode: 404, message: 'Не найдено' } },
      { method: 'GET', path: '/tags/1', status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Не найдено' } },
    ]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('GET /tags/1 → 200');
    expect(problems[1]).toContain('status 418 is not declared');
    expect(problems[2]).toContain("must have required property 'code'");
  });
});
