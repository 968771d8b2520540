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
  return { status: response.status, body: body as T };
}

export async function rawFetch(baseUrl: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text as it came.
  }
  return { status: response.status, body, headers: response.headers };
}
