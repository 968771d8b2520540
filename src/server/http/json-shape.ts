/**
 * A linear look at a JSON text while it arrives, before it is parsed: how many keys and array
 * items it holds and how deeply it nests. JSON.parse of an object with 120 000 keys takes tens of
 * milliseconds (and the validation after it more); this scan builds nothing, spends well under a
 * millisecond per megabyte (strings are skipped with `indexOf`), and is fed chunk by chunk, so a
 * body past a bound stops being read at the first chunk that passes it.
 *
 * Counted outside strings: every `{` and `[` (a container) and every `,` (one more member), so the
 * count is the number of keys and array items plus the empty containers. The text is not checked
 * for being well-formed: JSON.parse does that afterwards, on a text known to be small in shape.
 * Chunks may split a character or an escape anywhere: the bytes looked for are ASCII, which never
 * occur inside a multi-byte UTF-8 character, and an escape split between chunks is carried over.
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

export class JsonShapeScanner {
  #members = 0;
  #depth = 0;
  #inString = false;
  /** The previous chunk ended with a backslash inside a string: this chunk's first byte is escaped. */
  #escapePending = false;

  constructor(private readonly bounds: JsonShapeBounds) {}

  /** Scans the next bytes of the text: the first bound passed so far, or null. */
  push(bytes: Uint8Array): JsonShapeProblem {
    const length = bytes.length;
    let i = 0;
    if (this.#escapePending && length > 0) {
      this.#escapePending = false;
      i = 1;
    }
    // The first quote and backslash at or after i (-1: none left in this chunk; -2: not looked up
    // yet), each looked up again only once passed: looking from every string would be quadratic.
    let nextQuote = -2;
    let nextEscape = -2;
    while (i < length) {
      if (this.#inString) {
        if (nextQuote !== -1 && nextQuote < i) nextQuote = bytes.indexOf(quote, i);
        if (nextEscape !== -1 && nextEscape < i) nextEscape = bytes.indexOf(backslash, i);
        if (nextEscape !== -1 && (nextEscape < nextQuote || nextQuote === -1)) {
          // Escapes before the closing quote: byte by byte from the first one (a backslash and the
          // byte it escapes, maybe a quote, are skipped together).
          let j = nextEscape;
          while (j < length && bytes[j] !== quote) j += bytes[j] === backslash ? 2 : 1;
          if (j > length) this.#escapePending = true;
          if (j >= length) break;
          this.#inString = false;
          i = j + 1;
          continue;
        }
        if (nextQuote === -1) break;
        this.#inString = false;
        i = nextQuote + 1;
        continue;
      }
      const byte = bytes[i++];
      if (byte === quote) {
        this.#inString = true;
      } else if (byte === openBrace || byte === openBracket) {
        if (++this.#depth > this.bounds.maxDepth) return 'depth';
        if (++this.#members > this.bounds.maxMembers) return 'members';
      } else if (byte === comma) {
        if (++this.#members > this.bounds.maxMembers) return 'members';
      } else if (byte === closeBrace || byte === closeBracket) {
        this.#depth--;
      }
    }
    return null;
  }
}

/** The shape of a whole text at once. */
export function jsonShapeProblem(bytes: Uint8Array, bounds: JsonShapeBounds): JsonShapeProblem {
  return new JsonShapeScanner(bounds).push(bytes);
}
