import { sql, type RawBuilder } from 'kysely';

/**
 * Name search as Russian shoppers expect it (README "Decisions"):
 * - word forms: the `russian` text-search configuration stems «кроссовка» and «Кроссовки» alike;
 * - prefixes while typing: every word is searched as a prefix («крос» → 'крос':*);
 * - small typos: a word that starts no known word is also searched as its nearest known words,
 *   found by trigram similarity in `search_words` (every word of every product name).
 * The result is one tsquery, so the products are found through the GIN index on `search`.
 */

const maxWords = 8;
/** Shorter words are too ambiguous to correct. */
const minCorrectable = 4;
const corrections = 3;

/** Lower case, «ё» as «е», split into words the way the `search_words` trigger splits names. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, maxWords);
}

/**
 * SQL giving the tsquery text for `to_tsquery('russian', …)` (null without words): each word as a
 * prefix, and a word that starts no known word also as its nearest known words. Words are letters
 * and digits only, so quote_literal is enough for to_tsquery's syntax.
 */
export function tsQueryText(words: readonly string[]): RawBuilder<string | null> {
  return sql<string | null>`(
    select string_agg(term, ' & ' order by n) from (
      select n, case
        when length(w) < ${minCorrectable}
          or exists (select 1 from search_words s where s.word >= w and s.word < w || chr(1114111))
          then quote_literal(w) || ':*'
        else '(' || concat_ws(' | ', quote_literal(w) || ':*', (
          select string_agg(quote_literal(near.word), ' | ')
          from (
            select s.word from search_words s where s.word % w
            order by similarity(s.word, w) desc, s.word limit ${corrections}
          ) near
        )) || ')'
      end as term
      from unnest(${words}::text[]) with ordinality as t(w, n)
    ) terms)`;
}
