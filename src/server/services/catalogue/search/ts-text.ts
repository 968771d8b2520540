/**
 * PostgreSQL's text forms of a tsvector and of the tsqueries the resolver writes (resolve.ts), read
 * in JavaScript for the word index (word-index.ts). Only what the index can rank exactly as
 * `ts_rank` does is read; anything else is `null`, and the search runs in the database.
 */

/** One lexeme of a tsvector: its positions' weights (0 = D … 3 = A), in position order. */
export interface VectorEntry {
  lexeme: string;
  /** Empty when the lexeme was stored without positions. */
  weights: number[];
}

const weightCodes: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** Reads a quoted lexeme at `at` (`'…'`, with `''` and `\\` doubled): the lexeme and where it ends. */
function quoted(text: string, at: number): { value: string; end: number } | null {
  if (text[at] !== "'") return null;
  let value = '';
  let i = at + 1;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === "'" && text[i + 1] === "'") {
      value += "'";
      i += 2;
    } else if (char === '\\' && i + 1 < text.length) {
      value += text[i + 1];
      i += 2;
    } else if (char === "'") {
      return { value, end: i + 1 };
    } else {
      value += char;
      i += 1;
    }
  }
  return null;
}

/** A tsvector's text form (`'кроссовк':1A,5 'найк':3B`), entries in the vector's order. */
export function parseVector(text: string): VectorEntry[] | null {
  const entries: VectorEntry[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i += 1;
      continue;
    }
    const word = quoted(text, i);
    if (!word) return null;
    i = word.end;
    const weights: number[] = [];
    if (text[i] === ':') {
      const match = /^:((?:\d+[A-D]?,)*\d+[A-D]?)/.exec(text.slice(i, i + 4096));
      if (!match?.[1]) return null;
      for (const position of match[1].split(',')) {
        const code = position.at(-1) ?? '';
        weights.push(weightCodes[code] ?? 0);
      }
      i += match[0].length;
    }
    entries.push({ lexeme: word.value, weights });
  }
  return entries;
}

/** An operand of a tsquery: a lexeme, matched as a whole or as a prefix (`:*`). */
export interface QueryOperand {
  lexeme: string;
  prefix: boolean;
}

/**
 * A tsquery whose operands are joined by `|` only (parentheses allowed): its operands. `&`, `!`,
 * phrases and weight marks are not read (null): `ts_rank` ranks those another way.
 */
export function parseOrQuery(text: string): QueryOperand[] | null {
  const operands: QueryOperand[] = [];
  let i = 0;
  let expectOperand = true;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === ' ' || char === '(' || char === ')') {
      i += 1;
      continue;
    }
    if (char === '|' && !expectOperand) {
      expectOperand = true;
      i += 1;
      continue;
    }
    const word = expectOperand ? quoted(text, i) : null;
    if (!word) return null;
    i = word.end;
    let prefix = false;
    if (text.startsWith(':*', i)) {
      prefix = true;
      i += 2;
    }
    if (text[i] !== undefined && !' |)'.includes(text[i] as string)) return null;
    operands.push({ lexeme: word.value, prefix });
    expectOperand = false;
  }
  return operands.length && !expectOperand ? operands : null;
}
