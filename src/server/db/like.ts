/** A user's text as a literal ILIKE pattern: `%` and `_` match only themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
