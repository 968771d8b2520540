import { parseOrQuery, parseVector, type QueryOperand } from './ts-text.js';

/**
 * The catalogue's words in memory (docs/search.md → Word index): for each lexeme of
 * `products.search`, the products that have it and what it adds to their rank. A search by words
 * alone whose words are alternatives (one word of the query, in all its readings) is matched and
 * ranked here instead of reading every match's row: on the embedded database reading 3 000
 * matching rows costs ≈ 11 ms, ranking them here ≈ 0.3 ms.
 *
 * The ranking is `ts_rank(search, query, 1)`'s (PostgreSQL's tsrank.c, `calc_rank_or` with the
 * log-length normalisation), float for float: each entry's share is computed as PostgreSQL computes
 * it in single precision, shares are added per product in the order PostgreSQL adds them (operands
 * sorted, lexemes sorted), so both rank every product equally and the order (rank, then id, both
 * descending) is the database's own. Queries of several words (`&`) are ranked by `calc_rank_and`
 * from positions: those run in the database.
 */

/** `ts_rank`'s default weights of D, C, B, A, as single-precision numbers. */
const weightOf = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.4), Math.fround(1.0)];
/** Slots are below this (2²¹ products), so a key's bits and a slot make one exact double (`ordered`). */
const slotSpan = 2 ** 21;
/** The sum of 1/i², as tsrank.c writes it. */
const sumOfInverseSquares = 1.64493406685;

/** A lexeme's share of a product's rank before normalisation (`calc_rank_or`'s inner loop). */
function entryShare(weights: readonly number[]): number {
  const positions = weights.length ? weights : [0];
  let sum = 0;
  let top = -1;
  let topAt = 0;
  for (let j = 0; j < positions.length; j++) {
    const weight = weightOf[positions[j] as number] as number;
    sum = Math.fround(sum + Math.fround(weight / ((j + 1) * (j + 1))));
    if (weight > top) {
      top = weight;
      topAt = j;
    }
  }
  return Math.fround(Math.fround(top + sum) - Math.fround(top / ((topAt + 1) * (topAt + 1)))) / sumOfInverseSquares;
}

export interface IndexedProduct {
  id: number;
  /** `products.search` as text. */
  search: string;
}

interface Postings {
  slots: Int32Array;
  shares: Float64Array;
}

interface Scratch {
  ranks: Float32Array;
  typedRanks: Float32Array;
  seen: Uint8Array;
  matched: Int32Array;
}

export class WordIndex {
  private readonly ids: Int32Array;
  /** Per product: `log2(number of positions + 1)`, the rank's divisor. */
  private readonly norms: Float64Array;
  private readonly lexemes: string[];
  private readonly postings: Postings[];
  private sums: Scratch | undefined;

  private constructor(ids: Int32Array, norms: Float64Array, lexemes: string[], postings: Postings[]) {
    this.ids = ids;
    this.norms = norms;
    this.lexemes = lexemes;
    this.postings = postings;
  }

  /** The index of these products, in id order; null when a vector's text cannot be read or there are too many. */
  static build(products: readonly IndexedProduct[]): WordIndex | null {
    if (products.length >= slotSpan || products.some((product, i) => i > 0 && (products[i - 1] as IndexedProduct).id >= product.id)) return null;
    const ids = new Int32Array(products.length);
    const norms = new Float64Array(products.length);
    const collected = new Map<string, { slots: number[]; shares: number[] }>();
    for (let slot = 0; slot < products.length; slot++) {
      const product = products[slot] as IndexedProduct;
      const entries = parseVector(product.search);
      if (!entries) return null;
      ids[slot] = product.id;
      let length = 0;
      for (const entry of entries) {
        length += Math.max(1, entry.weights.length);
        let list = collected.get(entry.lexeme);
        if (!list) {
          list = { slots: [], shares: [] };
          collected.set(entry.lexeme, list);
        }
        list.slots.push(slot);
        list.shares.push(entryShare(entry.weights));
      }
      norms[slot] = Math.log(length + 1) / Math.log(2);
    }
    // Code-unit order is PostgreSQL's byte order for these letters (all in the BMP, UTF-8 keeps code point order).
    const lexemes = [...collected.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const postings = lexemes.map((lexeme) => {
      const list = collected.get(lexeme) as { slots: number[]; shares: number[] };
      return { slots: Int32Array.from(list.slots), shares: Float64Array.from(list.shares) };
    });
    return new WordIndex(ids, norms, lexemes, postings);
  }

  get size(): number {
    return this.ids.length;
  }

  /** The positions in `lexemes` an operand matches: the lexeme itself, or every one it starts. */
  private matching(operand: QueryOperand): [number, number] {
    let low = 0;
    let high = this.lexemes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.lexemes[middle] as string) < operand.lexeme) low = middle + 1;
      else high = middle;
    }
    if (!operand.prefix) return this.lexemes[low] === operand.lexeme ? [low, low + 1] : [low, low];
    let end = low;
    while (end < this.lexemes.length && (this.lexemes[end] as string).startsWith(operand.lexeme)) end++;
    return [low, end];
  }

  /**
   * Adds each product's rank by `operands` into `ranks` (single precision, as PostgreSQL adds; none without);
   * with `seen`, a product met for the first time joins `matched`. Returns the count matched.
   */
  private addRanks(operands: QueryOperand[], ranks: Float32Array | null, seen: Uint8Array | null, matched: Int32Array, count: number): number {
    let found = count;
    for (const operand of operands) {
      const [from, to] = this.matching(operand);
      for (let at = from; at < to; at++) {
        const { slots, shares } = this.postings[at] as Postings;
        for (let k = 0; k < slots.length; k++) {
          const slot = slots[k] as number;
          if (seen !== null && seen[slot] === 0) {
            seen[slot] = 1;
            matched[found++] = slot;
          }
          if (ranks !== null) ranks[slot] = (ranks[slot] as number) + (shares[k] as number);
        }
      }
    }
    return found;
  }

  /**
   * The matches of `tsquery`, best first (`ts_rank(search, tsquery, 1) + ts_rank(search,
   * rankQuery, 1)` descending, then id descending): the first `wanted` ids and how many match, or
   * null when a query is not one this index ranks (see the class) or more than `limit` match.
   */
  rank(tsquery: string, rankQuery: string, limit: number, wanted = Infinity): { ids: Int32Array; count: number } | null {
    const query = queryOperands(tsquery);
    const typedQuery = rankQuery ? queryOperands(rankQuery) : { counted: [], matchOnly: [] };
    if (!query || !typedQuery) return null;
    const operands = query.counted;
    const typed = typedQuery.counted;
    const { ranks, typedRanks, seen, matched } = this.scratch();
    let count = this.addRanks(operands, ranks, seen, matched, 0);
    // An operand PostgreSQL does not count still matches: its products rank by the others (or 0).
    count = this.addRanks(query.matchOnly, null, seen, matched, count);
    if (typed.length) this.addRanks(typed, typedRanks, null, matched, count);
    const keys = new Float32Array(count);
    const size = operands.length;
    const typedSize = typed.length;
    for (let i = 0; i < count; i++) {
      const slot = matched[i] as number;
      const norm = this.norms[slot] as number;
      const rank = Math.fround(Math.fround((ranks[slot] as number) / size) / norm);
      // Stored in single precision, as PostgreSQL adds two `real`s.
      keys[i] = typedSize ? rank + Math.fround(Math.fround((typedRanks[slot] as number) / typedSize) / norm) : rank;
      ranks[slot] = 0;
      typedRanks[slot] = 0;
      seen[slot] = 0;
    }
    if (count > limit) return null;
    return { ids: wanted * 4 < count ? this.best(matched, count, keys, wanted) : this.ordered(matched, count, keys), count };
  }

  /**
   * The matches' ids by key, then id, both descending. Each match becomes one number, its key's
   * place among the distinct keys (a non-negative float's bits order as the float does) times 2²¹
   * plus its slot (slots follow the ids), so that a typed array's own numeric sort orders them: a
   * comparator costs several times more on thousands of matches, and 32-bit integers sort
   * fastest (a key's bits times 2²¹ in doubles when there are more distinct keys than that allows).
   */
  private ordered(matched: Int32Array, count: number, keys: Float32Array): Int32Array {
    const bits = new Uint32Array(keys.buffer);
    const sorted = bits.slice().sort();
    let distinct = 0;
    for (let i = 0; i < count; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i] as number;
    let combined: Uint32Array | Float64Array;
    if (distinct <= 2 ** 32 / slotSpan) {
      const places = new Uint32Array(count);
      for (let i = 0; i < count; i++) places[i] = placeOf(sorted, distinct, bits[i] as number) * slotSpan + (matched[i] as number);
      combined = places.sort();
    } else {
      const wide = new Float64Array(count);
      for (let i = 0; i < count; i++) wide[i] = (bits[i] as number) * slotSpan + (matched[i] as number);
      combined = wide.sort();
    }
    const ids = new Int32Array(count);
    for (let i = 0; i < count; i++) ids[i] = this.ids[(combined[count - 1 - i] as number) % slotSpan] as number;
    return ids;
  }

  /** The first `wanted` of `ordered`'s order, picked in one pass (a page of a search that is not kept). */
  private best(matched: Int32Array, count: number, keys: Float32Array, wanted: number): Int32Array {
    const bits = new Uint32Array(keys.buffer);
    // The best so far, best first, as the key's bits times 2²¹ plus the slot (exact in a double).
    const top = new Float64Array(wanted);
    let held = 0;
    for (let i = 0; i < count; i++) {
      const value = (bits[i] as number) * slotSpan + (matched[i] as number);
      if (held === wanted && value <= (top[held - 1] as number)) continue;
      let at = held < wanted ? held++ : held - 1;
      while (at > 0 && (top[at - 1] as number) < value) {
        top[at] = top[at - 1] as number;
        at--;
      }
      top[at] = value;
    }
    return Int32Array.from(top.subarray(0, held), (value) => this.ids[value % slotSpan] as number);
  }

  /** Per-product sums reused by every ranking (each leaves them zeroed; JavaScript runs one at a time). */
  private scratch(): Scratch {
    const count = this.ids.length;
    this.sums ??= { ranks: new Float32Array(count), typedRanks: new Float32Array(count), seen: new Uint8Array(count), matched: new Int32Array(count) };
    return this.sums;
  }
}

/** Where `key` stands among the first `length` (sorted, distinct) values of `sorted`. */
function placeOf(sorted: Uint32Array, length: number, key: number): number {
  let low = 0;
  let high = length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A query's operands: those `ts_rank` counts (tsrank.c, `SortAndUniqItems`: sorted by lexeme, each
 * lexeme once) and the others, which only match. A tsquery holds its operands in the reverse of the
 * text's order, and PostgreSQL's sort keeps equal lexemes in that order when it sorts
 * insertion-wise (under 7 operands) or finds them sorted already, so of one lexeme named both
 * whole and as a prefix the last in the text is counted. Null when the query is not an
 * alternative of words, or when that order is not known.
 */
function queryOperands(text: string): { counted: QueryOperand[]; matchOnly: QueryOperand[] } | null {
  const operands = parseOrQuery(text)?.reverse();
  if (!operands) return null;
  const stable = operands.length < 7 || operands.every((operand, i) => i === 0 || (operands[i - 1] as QueryOperand).lexeme <= operand.lexeme);
  const counted = new Map<string, QueryOperand>();
  const matchOnly: QueryOperand[] = [];
  for (const operand of operands) {
    const known = counted.get(operand.lexeme);
    if (!known) counted.set(operand.lexeme, operand);
    else if (known.prefix !== operand.prefix) {
      if (!stable) return null;
      if (!matchOnly.some((other) => other.prefix === operand.prefix && other.lexeme === operand.lexeme)) matchOnly.push(operand);
    }
  }
  return { counted: [...counted.values()].sort((a, b) => (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0)), matchOnly };
}
