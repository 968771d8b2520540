/**
 * PostgreSQL text cannot hold a NUL character; left alone, one in any field reaches the database
 * as an error and the caller a 500. Every procedure's raw input is checked here first (trpc.ts),
 * so the refusal is a 400 that names the field.
 */

const maxDepth = 32;

/** The dotted path of the first string (or key) holding a NUL, or null when there is none. */
export function findNulCharacter(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (value === null || typeof value !== 'object' || depth > maxDepth) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, [...path, String(index)], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\0')].join('.');
    const found = findNulCharacter(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
