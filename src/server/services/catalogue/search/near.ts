import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { transpositions } from './text.js';

/** The known words a typed word that matched nothing may be a typo of (resolve.ts, step 4). */

export interface KnownWord {
  word: string;
  stem: string | null;
}

export async function nearWords(db: Db, words: string[]): Promise<Map<string, KnownWord[]>> {
  const swapped = words.flatMap(transpositions);
  const result = await sql<{ w: string | null; word: string; stem: string | null }>`
    select c.w, n.word, n.stem from unnest(${words}::text[]) as c(w)
    cross join lateral (
      select s.word, s.stem from search_words s where s.word % c.w order by similarity(s.word, c.w) desc, s.word limit 20
    ) n
    union all
    -- A typo in another form of the word («батинок» for «ботинки»): too unlike for the trigram
    -- threshold; the words of the same first letter and near length, the most alike first.
    select c.w, n.word, n.stem from unnest(${words}::text[]) as c(w)
    cross join lateral (
      select s.word, s.stem from search_words s
      where s.word >= left(c.w, 1) and s.word < left(c.w, 1) || chr(1114111) and s.stem is not null
        and length(s.word) between length(c.w) - 2 and length(c.w) + 3
      order by similarity(s.word, c.w) desc, s.word limit 10
    ) n
    union all
    select null, s.word, s.stem from search_words s where s.word = any(${swapped}::text[])`.execute(db);
  const near = new Map<string, KnownWord[]>(words.map((word) => [word, []]));
  for (const row of result.rows) {
    for (const word of row.w === null ? words : [row.w]) near.get(word)?.push({ word: row.word, stem: row.stem });
  }
  return near;
}

/** For the empty page only: the known words most like the failed ones, however unlike. */
export async function nearestWords(db: Db, words: string[]): Promise<string[]> {
  if (!words.length) return [];
  const result = await sql<{ word: string }>`
    select n.word from unnest(${words}::text[]) as c(w)
    cross join lateral (
      select s.word from search_words s where s.stem is not null and similarity(s.word, c.w) > 0.1
      order by similarity(s.word, c.w) desc, s.word limit 3
    ) n`.execute(db);
  return result.rows.map((row) => row.word);
}

