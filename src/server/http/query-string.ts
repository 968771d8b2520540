/**
 * The query-string parser of the whole app. Lists arrive in every form clients send them:
 * `colors=a,b` and `colors=a&colors=b` (split later by the schemas), and also `colors[]=a` and
 * `colors[0]=a` (axios' and qs' defaults), which are folded into `colors` here. A parameter
 * sent once stays a string; sent several times, an array.
 */
const bracketedKey = /^(.+?)\[(\d{0,4})\]$/;

export function parseQueryString(text: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = bracketedKey.exec(rawKey);
    const key = match?.[1] ?? rawKey;
    // Keys that would reach Object.prototype are not parameters of any call.
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const existing = Object.hasOwn(result, key) ? result[key] : undefined;
    if (existing === undefined) result[key] = match ? [value] : value;
    else result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}
