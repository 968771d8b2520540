import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { executeShaped } from '../listing/shaped.js';
import { diminutiveBases, dimensionTerms, transliterationSpellings } from './forms.js';
import { nearestWords, nearWords, type KnownWord } from './near.js';
import { allowedEdits, closestReading, isLatin, stemDistance, swapLayout, tokensOf, tsTerm, wordsOf } from './text.js';

/**
 * Name search as Russians type (docs/search.md). Each token of the query is read, in this
 * order, until one reading matches the catalogue's words (`search_words`, kept by a trigger):
 * 1. as typed: a word form (same lexeme, fleeting vowels included: «ремень»/«ремня») or a prefix
 *    used as typed («коври» → «коврик», not «ковры»); a word naming a colour, brand (or its
 *    synonym) or category and found in no product name becomes that filter («белые», «найк»);
 * 2. in the other keyboard layout («gkfnmt» → «платье», «тшлу» → «nike»), with the same rules;
 * 3. transliterated: the token's skeleton (`search_skeleton`, migration 0011) equals or starts the
 *    skeleton of known words («paljto» → «пальто», «krossov» → «кроссовки»);
 * 4. as a diminutive of a base word («курточка» → «куртка», forms.ts);
 * 5. corrected, only for a word that matched nothing above: the nearest known words by edit
 *    distance (a swap of neighbours is one edit), possibly as a prefix («кросов» → «кроссов»), or
 *    by stem, for a typo in another form of the word («кросовок»).
 * Before that, look-alike letters are fixed and dimensions joined (forms.ts); a one-letter word
 * follows the layout the other words were read in. Category and brand words match through
 * `products.search` itself (migration 0034).
 * Words become one tsquery over `products.search` (GIN index); readings 2–4 are reported back as
 * the corrected query. A token that no reading matches makes the result empty.
 */

interface WordFacts {
  w: string;
  stem: string | null;
  exact: boolean;
  prefix: boolean;
  stems: string[] | null;
  longStems: string[] | null;
  colors: string[] | null;
  brands: string[] | null;
  categories: string[] | null;
}

export interface ResolvedQuery {
  /** The tsquery text over `products.search`; '' when no word searches the name. */
  tsquery: string;
  /**
   * The words read as typed, for ranking exact matches first; '' when none, and '' when it would
   * rank the same matches as `tsquery` does (one word, as typed): doubling every rank keeps the
   * order and costs a second ts_rank per match.
   */
  rankQuery: string;
  colors: string[];
  brands: string[];
  categories: string[];
  /** The query as it was understood, when some token was converted or corrected. */
  correctedQuery: string | null;
  /** Some token matched nothing: the answer is empty. */
  nothing: boolean;
  /** Nearest known words to a token that matched nothing. */
  suggestions: string[];
  /** `search_version` when the words were looked up (null when the text has no word). */
  version: number | null;
}

const fleetingConsonants = 'бвгджзклмнпрстфхцчшщ';

interface SkeletonFacts {
  matches: KnownWord[] | null;
  colors: string[] | null;
  categories: string[] | null;
}

async function lookUpWords(db: Db, words: string[], tokens: string[]): Promise<{ words: WordFacts[]; skeletons: Record<string, SkeletonFacts>; version: number | null }> {
  // Compiled once (listing/shaped.ts). Its plan does not depend on the words (an index probe per
  // word): connections keep it prepared, which saves its planning, a third of its time.
  const [row] = await executeShaped(db, 'search:look-up', { words, tokens }, (values) => ({ compile: () => lookUpStatement(values.words, values.tokens).compile(db) }), {
    prepared: true,
  });
  return {
    version: row ? Number(row.version) : null,
    words: row?.words ?? [],
    skeletons: Object.fromEntries((row?.skeletons ?? []).map((entry) => [entry.token, entry])),
  };
}

interface LookedUp {
  words: WordFacts[];
  skeletons: Array<SkeletonFacts & { token: string }>;
  version: number | string;
}

/** One statement: what the catalogue knows of each word (as typed or swapped) and each token's skeleton. */
function lookUpStatement(words: string[], tokens: string[]) {
  const c = fleetingConsonants;
  return sql<LookedUp>`
    select (select version from search_version) as version,
      (select coalesce(json_agg(f), '[]') from (
        select c.w, st.stem,
          exists (select 1 from search_words s where s.word = c.w) as exact,
          exists (select 1 from search_words s where s.word >= c.w and s.word < c.w || chr(1114111)) as prefix,
          (select array_agg(distinct s.stem) from search_words s where s.stem in (st.stem,
            regexp_replace(st.stem, ${`([${c}])([${c}])$`}, '\\1о\\2'),
            regexp_replace(st.stem, ${`([${c}])([${c}])$`}, '\\1е\\2'),
            regexp_replace(st.stem, ${`([${c}])[ое]([${c}])$`}, '\\1\\2'))) as stems,
          (select array_agg(distinct x.stem) from (
            select s.stem from search_words s where s.word >= c.w and s.word < c.w || chr(1114111)
              and s.stem is not null and not starts_with(s.stem, c.w) limit 5) x) as "longStems",
          (select array_agg(k.url) from colors k where st.stem = any(k.search_stems)) as colors,
          (select array_agg(b.url) from brands b where b.search_name = c.w or c.w = any(b.synonyms)
            or (length(st.skeleton) >= 3 and b.skeleton = st.skeleton)) as brands,
          (select array_agg(k.url) from categories k where st.stem = any(k.search_stems)) as categories
        from unnest(${words}::text[]) as c(w)
        -- offset 0: computed once per word, not once per row of the tables below.
        cross join lateral (select search_stem(c.w) as stem, search_skeleton(c.w) as skeleton offset 0) st
      ) f) as words,
      (select coalesce(json_agg(g), '[]') from (
        select t.token, (
          select json_agg(json_build_object('word', m.word, 'stem', m.stem) order by m.tier, length(m.word), m.word) from (
            select s.word, s.stem, tier.n as tier, min(tier.n) over () as best from search_words s
            cross join lateral (select case when s.skeleton = sk.s then 0 when starts_with(s.skeleton, sk.s) then 1
              when starts_with(s.skeleton, left(sk.s, -1)) then 2 else 3 end as n) tier
            where s.stem is not null and (s.skeleton = sk.s
              or (length(sk.s) >= 3 and s.skeleton >= sk.s and s.skeleton < sk.s || '~')
              or (length(sk.s) >= 5 and s.skeleton >= left(sk.s, -1) and s.skeleton < left(sk.s, -1) || '~')
              or (length(sk.s) >= 6 and s.skeleton >= left(sk.s, -2) and s.skeleton < left(sk.s, -2) || '~'))
            order by tier.n, length(s.word), s.word limit 10) m
          where m.tier = m.best
        ) as matches,
        (select array_agg(k.url) from colors k where k.skeletons && sk.forms) as colors,
        (select array_agg(k.url) from categories k where k.skeletons && sk.forms) as categories
        from unnest(${tokens}::text[]) as t(token)
        cross join lateral (select search_skeleton(t.token) as s offset 0) sk0
        cross join lateral (select sk0.s as s, array[sk0.s,
          case when length(sk0.s) >= 4 then left(sk0.s, -1) end, case when length(sk0.s) >= 5 then left(sk0.s, -2) end] as forms) sk
        where length(sk.s) >= 2
      ) g) as skeletons`;
}

type WordReading = { kind: 'name'; terms: string[] } | { kind: 'filter'; colors: string[]; brands: string[]; categories: string[] } | { kind: 'skip' };

/** A word read as typed: name terms, a filter, a stop word to skip, or null (no match). */
function readWord(facts: WordFacts | undefined): WordReading | null {
  if (!facts) return null;
  if (facts.stem === null) return facts.prefix ? { kind: 'skip' } : null;
  const terms: string[] = [];
  if (facts.prefix) terms.push(tsTerm(facts.w, true), ...(facts.longStems ?? []).map((stem) => tsTerm(stem)));
  // A prefix is used as typed; a whole word (or a form of one) also by its lexemes.
  if (facts.exact || !facts.prefix) terms.push(...(facts.stems ?? []).map((stem) => tsTerm(stem)));
  if (terms.length) return { kind: 'name', terms: [...new Set(terms)] };
  if (facts.colors?.length) return { kind: 'filter', colors: facts.colors, brands: [], categories: [] };
  if (facts.brands?.length) return { kind: 'filter', colors: [], brands: facts.brands, categories: [] };
  if (facts.categories?.length) return { kind: 'filter', colors: [], brands: [], categories: facts.categories };
  return null;
}

function readAll(words: string[], facts: Map<string, WordFacts>): WordReading[] | null {
  const readings = words.map((word) => readWord(facts.get(word)));
  return readings.every((reading): reading is WordReading => reading !== null) ? readings : null;
}

interface TokenReading {
  readings: WordReading[];
  display: string;
  converted: boolean;
  typed: boolean;
  /** Read in the other keyboard layout. */
  layout?: boolean;
}

/** A token of one Russian diminutive word read by its base («курточка» → «куртка»), forms.ts. */
function readDiminutive(token: string, facts: Map<string, WordFacts>): TokenReading | null {
  const words = wordsOf(token);
  const [word] = words;
  if (words.length !== 1 || !word) return null;
  for (const base of diminutiveBases(word)) {
    const reading = readWord(facts.get(base));
    if (reading?.kind === 'name') return { readings: [reading], display: base, converted: true, typed: false };
  }
  return null;
}

export async function resolveQuery(db: Db, text: string): Promise<ResolvedQuery> {
  const tokens = tokensOf(text);
  const empty: ResolvedQuery = { tsquery: '', rankQuery: '', colors: [], brands: [], categories: [], correctedQuery: null, nothing: true, suggestions: [], version: null };
  if (!tokens.length) return empty;
  const layouts = tokens.map(swapLayout);
  const allWords = [...new Set(tokens.flatMap((token, i) => [...wordsOf(token), ...wordsOf(layouts[i] ?? '')]))];
  allWords.push(...new Set(allWords.flatMap(diminutiveBases)));
  const lettersOf = (token: string) => token.replace(/[^\p{L}]/gu, '');
  const looked = await lookUpWords(db, allWords, [...new Set(tokens.flatMap((token) => transliterationSpellings(lettersOf(token))))]);
  const facts = new Map(looked.words.map((fact) => [fact.w, fact]));
  empty.version = looked.version;

  const readings: Array<TokenReading | null> = tokens.map((token, i) => {
    const dimension = dimensionTerms(token);
    if (dimension) return { readings: [{ kind: 'name', terms: dimension }], display: token, converted: false, typed: true };
    const typed = readAll(wordsOf(token), facts);
    if (typed) return { readings: typed, display: token, converted: false, typed: true };
    const layout = layouts[i];
    const swapped = layout ? readAll(wordsOf(layout), facts) : null;
    if (layout && swapped) return { readings: swapped, display: layout, converted: true, typed: false, layout: true };
    const spellings = transliterationSpellings(lettersOf(token)).map((letters) => looked.skeletons[letters]);
    const skeleton = spellings.find((facts) => facts?.matches?.length) ?? spellings[0];
    const known = skeleton?.matches ?? [];
    if (known.length && (isLatin(token) || known.some((k) => isLatin(k.word)))) {
      const terms = [...new Set(known.flatMap((k) => (k.stem ? [tsTerm(k.stem)] : [])))];
      return { readings: [{ kind: 'name', terms }], display: known[0]?.word ?? token, converted: true, typed: false };
    }
    if (isLatin(token) && (skeleton?.colors?.length || skeleton?.categories?.length)) {
      const filter: WordReading = skeleton.colors?.length
        ? { kind: 'filter', colors: skeleton.colors, brands: [], categories: [] }
        : { kind: 'filter', colors: [], brands: [], categories: skeleton.categories ?? [] };
      return { readings: [filter], display: token, converted: false, typed: false };
    }
    return readDiminutive(token, facts);
  });
  // A one-letter word («d» for «в») follows the layout the query's other words were typed in.
  if (readings.some((reading) => reading?.layout)) {
    tokens.forEach((token, i) => {
      const layout = layouts[i];
      const swapped = layout && /^[a-z]$/u.test(token) ? readAll(wordsOf(layout), facts) : null;
      if (layout && swapped) readings[i] = { readings: swapped, display: layout, converted: true, typed: false, layout: true };
    });
  }

  // Corrections, only for the words of tokens that nothing above matched.
  const failed = tokens.flatMap((token, i) => (readings[i] ? [] : wordsOf(token).filter((word) => !readWord(facts.get(word)))));
  const near = failed.length ? await nearWords(db, failed) : new Map<string, KnownWord[]>();
  const suggestions: string[] = [];
  tokens.forEach((token, i) => {
    if (readings[i]) return;
    const words = wordsOf(token);
    const corrected: WordReading[] = [];
    const shown: string[] = [];
    for (const word of words) {
      const asTyped = readWord(facts.get(word));
      if (asTyped) {
        corrected.push(asTyped);
        shown.push(word);
        continue;
      }
      const typedStem = facts.get(word)?.stem ?? null;
      const ranked = (near.get(word) ?? [])
        .filter((k) => k.stem !== null)
        .map((k) => {
          // A typo in another form of the word («кросовок»): its stem against the known stem.
          const byWord = closestReading(word, k.word);
          const byStem = typedStem && k.stem ? stemDistance(typedStem, k.stem) : Infinity;
          return { ...k, ...(byStem < byWord.distance ? { distance: byStem, prefix: null } : byWord) };
        })
        .sort((a, b) => a.distance - b.distance || a.word.length - b.word.length);
      const best = ranked[0];
      if (!best || best.distance > allowedEdits(word)) {
        suggestions.push(...ranked.slice(0, 3).map((k) => k.word));
        return;
      }
      const chosen = ranked.filter((k) => k.distance === best.distance).slice(0, 3);
      const terms = chosen.map((k) => (k.prefix && k.stem && k.prefix.length < k.stem.length ? tsTerm(k.prefix, true) : tsTerm(k.stem ?? k.word)));
      corrected.push({ kind: 'name', terms: [...new Set(terms)] });
      shown.push(best.word);
    }
    readings[i] = { readings: corrected, display: shown.join(' '), converted: true, typed: false };
  });

  if (readings.some((reading) => reading === null)) {
    if (!suggestions.length) suggestions.push(...(await nearestWords(db, failed)));
    return { ...empty, suggestions: [...new Set(suggestions)].slice(0, 5) };
  }
  const done = readings as TokenReading[];
  const groups: string[] = [];
  const typedTerms: string[] = [];
  const resolved: ResolvedQuery = { ...empty, nothing: false };
  for (const token of done) {
    for (const reading of token.readings) {
      if (reading.kind === 'name') {
        groups.push(`(${reading.terms.join(' | ')})`);
        if (token.typed) typedTerms.push(...reading.terms);
      } else if (reading.kind === 'filter') {
        resolved.colors.push(...reading.colors);
        resolved.brands.push(...reading.brands);
        resolved.categories.push(...reading.categories);
      }
    }
  }
  resolved.tsquery = groups.join(' & ');
  resolved.rankQuery = groups.length === 1 && groups[0] === `(${typedTerms.join(' | ')})` ? '' : typedTerms.join(' | ');
  if (done.some((token) => token.converted)) resolved.correctedQuery = done.map((token) => token.display).join(' ');
  return resolved;
}
