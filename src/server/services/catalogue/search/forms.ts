/**
 * What shoppers really type, read before the database is asked (docs/search.md, "Inputs people
 * really type"): Latin letters that look like Cyrillic ones inside a Cyrillic word (and back),
 * dimensions with a Latin x, a Cyrillic х, × or * between numbers, and diminutives reduced to the
 * base words they are formed from.
 */

/** Latin letters that look like Cyrillic ones (upper-case ones too: «HOCKИ»). */
const latinLookAlikes = new Map(Object.entries({ a: 'а', c: 'с', e: 'е', o: 'о', p: 'р', x: 'х', y: 'у', k: 'к', A: 'А', B: 'В', C: 'С', E: 'Е', H: 'Н', K: 'К', M: 'М', O: 'О', P: 'Р', T: 'Т', X: 'Х', Y: 'У' }));
const cyrillicLookAlikes = new Map([...latinLookAlikes].map(([latin, cyrillic]) => [cyrillic, latin]));

/**
 * A word written in one alphabet with letters of the other that look the same, in one alphabet:
 * Cyrillic when every Latin letter in it looks like a Cyrillic one («кpoссовки» with a Latin p and o
 * → «кроссовки»), else Latin when every Cyrillic letter looks like a Latin one («nikе» → «nike»).
 */
export function fixLookAlikes(token: string): string {
  const latin = token.match(/[a-z]/giu) ?? [];
  const cyrillic = token.match(/[а-яё]/giu) ?? [];
  if (!latin.length || !cyrillic.length) return token;
  if (latin.every((char) => latinLookAlikes.has(char))) return [...token].map((char) => latinLookAlikes.get(char) ?? char).join('');
  if (cyrillic.every((char) => cyrillicLookAlikes.has(char))) return [...token].map((char) => cyrillicLookAlikes.get(char) ?? char).join('');
  return token;
}

/** Numbers with x, х, × or * between them («150x200», «160 × 200», «2*10») as one token «150×200». */
export function joinDimensions(text: string): string {
  return text.replace(/(\d)\s*[xXхХ×*]\s*(?=\d)/gu, '$1×');
}

const dimensionPattern = /^\d+(?:[.,]\d+)?(?:×\d+(?:[.,]\d+)?)+$/u;

/**
 * The tsquery alternatives of a dimension token: as a name writes it with a Latin x or a Cyrillic х
 * (one lexeme), or with × or * (one lexeme per number). Null when the token is not a dimension.
 */
export function dimensionTerms(token: string): string[] | null {
  if (!dimensionPattern.test(token)) return null;
  const numbers = token.split('×');
  return [`'${numbers.join('x')}'`, `'${numbers.join('х')}'`, `(${numbers.map((n) => `'${n}'`).join(' & ')})`];
}

const endings = '(а|и|у|е|ы|ой|ою|ом|ам|ах|ами|ов)?';
const diminutiveRules: Array<[RegExp, (m: RegExpExecArray) => string[]]> = [
  // «курточка» → «куртка», «кофточка» → «кофта», «носочки» → «носки».
  [new RegExp(`^(\\p{L}{2,}?)[оеё]чк${endings}$`, 'u'), (m) => [`${m[1]}к${m[2] ?? ''}`, `${m[1]}${m[2] ?? 'а'}`]],
  // «термосик» → «термос», «фонарик» → «фонар…», «мячик» → «мяч».
  [new RegExp(`^(\\p{L}{3,}?)ик${endings}$`, 'u'), (m) => [m[1] ?? '']],
  // «рюкзачок» → «рюкзак», «свитерок» → «свитер», «гантельки» → «гантель».
  [/^(\p{L}{3,}?)[ое]к$/u, (m) => [m[1] ?? '']],
  [new RegExp(`^(\\p{L}{3,}?[чь])к${endings}$`, 'u'), (m) => [m[1] ?? '']],
];

/**
 * The base words a Russian diminutive may be formed from, most likely first («курточка» →
 * «куртка», «кофта»; «рюкзачок» → «рюкзак»); none for a word of fewer than five letters. A base
 * ending in «ч» also gives the «к» it alternates with («рюкзач» → «рюкзак»).
 */
export function diminutiveBases(word: string): string[] {
  if (!/^[а-яё]{5,}$/u.test(word)) return [];
  const bases: string[] = [];
  for (const [pattern, make] of diminutiveRules) {
    const match = pattern.exec(word);
    if (!match) continue;
    for (const base of make(match)) {
      if (base.length < 3 || base === word) continue;
      bases.push(base);
      if (base.endsWith('ч')) bases.push(`${base.slice(0, -1)}к`);
    }
  }
  return [...new Set(bases)];
}

/**
 * The spellings of a token's letters its transliteration is tried with: as typed, and for a
 * Cyrillic word with «кс» that for a Latin x («фокс» → «фоx» → Fox; the skeleton reads x as х).
 */
export function transliterationSpellings(letters: string): string[] {
  return [...new Set([letters, letters.replace(/кс/gu, 'x')])];
}
