/**
 * The text side of name search (no database): splitting a query, the keyboard-layout swap and the
 * edit distance used to pick typo corrections. See resolve.ts for how they are used.
 */

import { fixLookAlikes, joinDimensions } from './forms.js';

export const maxTokens = 8;

/** Lower case with «ё» as «е». */
export function normalize(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** Words as the `search_words` trigger splits names: runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return normalize(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * The query's tokens (whitespace-separated), at most `maxTokens`, each with at least one letter or
 * digit; look-alike letters of the other alphabet fixed and dimensions joined («150 x 200» →
 * «150×200»), forms.ts.
 */
export function tokensOf(text: string): string[] {
  return joinDimensions(text)
    .split(/\s+/u)
    .map((token) => normalize(fixLookAlikes(token)))
    .filter((token) => /[\p{L}\p{N}]/u.test(token))
    .slice(0, maxTokens);
}

const latinKeys = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const cyrillicKeys = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const toCyrillic = new Map([...latinKeys].map((key, index) => [key, cyrillicKeys[index] ?? key]));
const toLatin = new Map([...cyrillicKeys].map((key, index) => [key, latinKeys[index] ?? key]));

/**
 * The token as it would have come out with the other keyboard layout (ЙЦУКЕН ↔ QWERTY): a token
 * with Latin letters is read as typed on the Russian layout («gkfnmt» → «платье», «;bktn» →
 * «жилет»), a Cyrillic one as typed on the Latin layout («тшлу» → «nike»). Null when nothing changes.
 */
export function swapLayout(token: string): string | null {
  const latin = /[a-z]/.test(token);
  const cyrillic = /[а-яё]/.test(token);
  if (latin === cyrillic) return null;
  const map = latin ? toCyrillic : toLatin;
  const swapped = [...token].map((char) => map.get(char) ?? char).join('');
  return normalize(swapped) === token ? null : normalize(swapped);
}

export function isLatin(token: string): boolean {
  return /[a-z]/.test(token) && !/[а-яё]/.test(token);
}

/** Edit distance where swapping two neighbouring letters is one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows: number[][] = [];
  for (let i = 0; i <= s.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= t.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const prev = rows[i - 1] ?? [];
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[s.length]?.[t.length] ?? Math.max(s.length, t.length);
}

/** The word with each pair of neighbouring letters swapped: exact lookups for a transposition typo. */
export function transpositions(word: string): string[] {
  const chars = [...word];
  const result: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) {
    const copy = [...chars];
    [copy[i], copy[i + 1]] = [copy[i + 1] ?? '', copy[i] ?? ''];
    result.push(copy.join(''));
  }
  return result;
}

/** How many edits a typed word of this length may be corrected by. */
export function allowedEdits(word: string): number {
  const length = [...word].length;
  if (length < 4) return 0;
  return length <= 5 ? 1 : 2;
}

/**
 * The closest reading of `typed` against a known word: the whole word, or (as the shopper may
 * still be typing) a prefix of it one letter shorter to one longer than what was typed.
 */
export function closestReading(typed: string, known: string): { distance: number; prefix: string | null } {
  let best = { distance: editDistance(typed, known), prefix: null as string | null };
  const knownChars = [...known];
  const length = [...typed].length;
  for (let k = Math.max(1, length - 1); k <= length + 1 && k < knownChars.length; k++) {
    const prefix = knownChars.slice(0, k).join('');
    const distance = editDistance(typed, prefix);
    if (distance < best.distance) best = { distance, prefix };
  }
  return best;
}

/** A lexeme as a tsquery operand, optionally as a prefix. Words are letters and digits only. */
export function tsTerm(lexeme: string, prefix = false): string {
  return `'${lexeme.replace(/'/g, "''").replace(/\\/g, '\\\\')}'${prefix ? ':*' : ''}`;
}

const consonants = 'бвгджзклмнпрстфхцчшщ';
const fleeting = new RegExp(`([${consonants}])[ое]([${consonants}])$`, 'u');
const clustered = new RegExp(`([${consonants}])([${consonants}])$`, 'u');

/**
 * Edits between a typed word's stem and a known stem, the typed stem's fleeting vowel dropped or
 * added («кросовок» → «кросовк» against «кроссовк»): a typo in another case or number of a word.
 */
export function stemDistance(typedStem: string, knownStem: string): number {
  const variants = [typedStem, typedStem.replace(fleeting, '$1$2'), typedStem.replace(clustered, '$1о$2'), typedStem.replace(clustered, '$1е$2')];
  return Math.min(...variants.map((variant) => editDistance(variant, knownStem)));
}
