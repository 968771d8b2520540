/**
 * What a request looks like in the log (docs/logging.md), in every environment. A request's
 * address may carry a live secret or personal data: a reset or confirmation page
 * (`/reset/{token}`), a subscriber's link, an e-mail in `/users/get-by-email/{email}`, or tRPC's
 * input in the query string. So the log keeps the method and the path with such segments masked,
 * drops the query string, and leaves out the client's address. Headers (Authorization, cookies)
 * and bodies are never logged.
 */
export function requestSerializer(request: { method?: string; url?: string }): { method?: string; url: string } {
  return { ...(request.method ? { method: request.method } : {}), url: maskUrl(request.url ?? '') };
}

/** Path segments following these carry a secret or an address whatever they look like. */
const secretAfter = new Set(['confirm', 'reset', 'authorize', 'unsubscribe', 'subscribes', 'get-by-email', 'check', 'order', 'by-link']);

/** Random tokens (base64url, 20+ characters, both cases) are masked wherever they appear. */
const looksRandom = (segment: string) => segment.length >= 20 && /^[A-Za-z0-9_-]+$/.test(segment) && /[A-Z]/.test(segment) && /[a-z]/.test(segment);

export function maskUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  const masked = segments.map((segment, index) => {
    const previous = segments[index - 1];
    if (index > 0 && previous !== undefined && secretAfter.has(previous.toLowerCase()) && segment) return '…';
    if (/@|%40/i.test(segment) || looksRandom(segment)) return '…';
    return segment;
  });
  return `${masked.join('/')}${queryAt === -1 ? '' : '?…'}`;
}
