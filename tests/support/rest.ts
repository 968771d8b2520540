/**
 * The one way the tests call the REST API: JSON in, `{ status, body }` out, optionally with a token,
 * as if from another address (test apps trust X-Forwarded-For, as behind a proxy) or with more
 * headers. `rawFetch` is for what is not a JSON call of the API (pages, tRPC URLs, malformed paths).
 */
export interface RestOptions {
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export async function restCall<T = unknown>(baseUrl: string, method: string, path: string, options: RestOptions = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  const body: unknown = text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text || undefined;
  return { status: response.status, body: withoutRequestId(body, response.headers) as T };
}

/**
 * An error answer's `requestId` (docs/logging.md), checked against the answer's `X-Request-Id`
 * header and taken out, so that the tests compare the rest of the body as it is.
 */
export function withoutRequestId(body: unknown, headers: Headers): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('requestId' in body) || !('statusCode' in body)) return body;
  const { requestId, ...rest } = body as Record<string, unknown>;
  if (typeof requestId !== 'string' || requestId !== headers.get('x-request-id')) {
    throw new Error(`The error's requestId ${String(requestId)} is not the X-Request-Id header ${String(headers.get('x-request-id'))}`);
  }
  return rest;
}

export async function rawFetch(baseUrl: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = withoutRequestId(JSON.parse(text), response.headers);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // Not JSON: the text as it came.
  }
  return { status: response.status, body, headers: response.headers };
}
