import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';

/**
 * Every operation of /api/openapi.json, given a few bad inputs in its path, query and body, by an
 * anonymous caller and by an Admin: whatever the input, the answer is never a 5xx, and a refusal is
 * `{ statusCode, message }` with a Russian message.
 */
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}

let t: TestApp;
let adminToken: string;
let operations: Operation[] = [];

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await t.signInAdmin();
  const document = (await t.rest<OpenApiDocument>('GET', '/openapi.json')).body;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
      queryParams: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      bodyFields: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    })),
  );
});
afterAll(() => t?.close());

const badTexts = ['\u0000', '', ' ', 'x'.repeat(3000), '-1', '0x10', '1e999', 'NaN', '[object Object]', "' or 1=1 --", '../../etc/passwd', '%zz', '😀'];
const badValues: unknown[] = ['\u0000', '', 'x'.repeat(3000), -1, 1e308, 2 ** 31, 0.5, true, null, [], {}, ['\u0000'], { nested: '\u0000' }];

function fillPath(operation: Operation, value: string): string {
  return operation.pathParams.reduce((path, name) => path.replace(`{${name}}`, encodeURIComponent(value)), operation.path);
}

async function call(operation: Operation, path: string, query: string, body: string | undefined, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${t.baseUrl}/api${path}${query ? `?${query}` : ''}`, { method: operation.method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  return { status: response.status, text };
}

function requests(operation: Operation): Array<{ path: string; query: string; body: string | undefined }> {
  const hasBody = operation.method === 'POST' || operation.method === 'PUT';
  const somePath = fillPath(operation, '1');
  const list: Array<{ path: string; query: string; body: string | undefined }> = [];
  for (const text of badTexts) list.push({ path: operation.pathParams.length ? fillPath(operation, text) : somePath, query: '', body: hasBody ? '{}' : undefined });
  for (const text of badTexts) {
    const query = operation.queryParams.map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(text)}`).join('&');
    if (query) list.push({ path: somePath, query, body: undefined });
  }
  if (hasBody) {
    for (const body of ['{oops', 'null', '[]', '"text"', '0']) list.push({ path: somePath, query: '', body });
    for (const value of badValues) {
      list.push({ path: somePath, query: '', body: JSON.stringify(Object.fromEntries(operation.bodyFields.map((field) => [field, value]))) });
    }
  }
  return list;
}

describe('bad input over the whole REST API', () => {
  it('never answers 5xx, anonymous or Admin, and refuses in the shared JSON error shape in Russian', async () => {
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      for (const request of requests(operation)) {
        for (const token of [undefined, adminToken]) {
          const answer = await call(operation, request.path, request.query, request.body, token);
          sent += 1;
          const label = `${operation.method} ${request.path.slice(0, 80)}?${request.query.slice(0, 80)} ${String(request.body).slice(0, 80)}`;
          if (answer.status >= 500) failures.push(`${answer.status} ${label}: ${answer.text.slice(0, 200)}`);
          if (answer.status >= 400 && answer.status < 500) {
            const body = JSON.parse(answer.text) as { statusCode?: number; message?: string };
            if (body.statusCode !== answer.status || !/[а-яё]/i.test(body.message ?? '')) failures.push(`shape ${label}: ${answer.text.slice(0, 200)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 180_000);
});
