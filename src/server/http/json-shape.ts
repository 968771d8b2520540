/**
 * A linear look at a JSON text before it is parsed: how many keys and array items it holds and how
 * deeply it nests. JSON.parse of an object with 120 000 keys takes tens of milliseconds (and the
 * validation after it more); this scan stops at the first byte past a bound, having spent about a
 * microsecond per hundred bytes, and never builds anything.
 *
 * Counted outside strings: every `{` and `[` (a container) and every `,` (one more member), so the
 * count is the number of keys and array items plus the empty containers. The text is not checked
 * for being well-formed: JSON.parse does that afterwards, on a text known to be small in shape.
 */

export interface JsonShapeBounds {
  /** Keys and array items in the whole text. */
  maxMembers: number;
  /** Containers open at once: `{"a":[1]}` nests 2 deep. */
  maxDepth: number;
}

export type JsonShapeProblem = 'members' | 'depth' | null;

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;
const comma = 0x2c;

/** Where the string opened just before `from` ends: the index of its closing quote, or -1. */
function stringEnd(bytes: Uint8Array, from: number): number {
  let at = bytes.indexOf(quote, from);
  while (at !== -1) {
    let backslashes = 0;
    while (bytes[at - 1 - backslashes] === backslash) backslashes++;
    // An odd number of backslashes escapes this quote; an even number escapes themselves.
    if (backslashes % 2 === 0) return at;
    at = bytes.indexOf(quote, at + 1);
  }
  return -1;
}

/** The first bound the text goes past, or null. UTF-8 bytes: multi-byte characters never hold ASCII bytes. */
export function jsonShapeProblem(bytes: Uint8Array, bounds: JsonShapeBounds): JsonShapeProblem {
  let members = 0;
  let depth = 0;
  const length = bytes.length;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i];
    if (byte === quote) {
      const end = stringEnd(bytes, i + 1);
      if (end === -1) return null; // unterminated: JSON.parse refuses it
      i = end;
    } else if (byte === openBrace || byte === openBracket) {
      if (++depth > bounds.maxDepth) return 'depth';
      if (++members > bounds.maxMembers) return 'members';
    } else if (byte === comma) {
      if (++members > bounds.maxMembers) return 'members';
    } else if (byte === closeBrace || byte === closeBracket) {
      depth--;
    }
  }
  return null;
}
