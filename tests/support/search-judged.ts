import { readFileSync } from 'node:fs';
import { demoProducts } from '../../src/server/db/seed-data/catalogue.js';

/**
 * The judged set of name searches over the demo catalogue: search-judged.json holds
 * each query, its class and the rule that decides which demo products it must find, and those
 * products' urls. The rule: a product is relevant when its head noun (the first word of its name,
 * or the first two when the first is an adjective, «ё» as «е») is the query's `head`, and, when
 * given, its name contains `word`, it has a variant of colour `color`, it is of brand `brand`.
 * Products that merely mention the word further on are not required (and not penalised).
 */
export interface JudgedQuery {
  class: string;
  query: string;
  head: string;
  word?: string;
  color?: string;
  brand?: string;
  expect: string[];
}

export const judgedClasses = ['exact', 'word form', 'prefix', 'typo', 'two words', 'name and colour or brand', 'wrong layout', 'latin'] as const;

const normalize = (text: string) => text.toLowerCase().replace(/ё/g, 'е');

export function headNoun(name: string): string {
  const words = normalize(name).split(/\s+/);
  const first = words[0] ?? '';
  return /(ая|яя|ый|ий|ой|ое|ее|ые|ие)$/.test(first) && words[1] ? `${first} ${words[1]}` : first;
}

/** The demo products the rule makes relevant to a query, by url. */
export function relevantUrls(query: Omit<JudgedQuery, 'expect' | 'class' | 'query'>): string[] {
  return demoProducts
    .filter(([name, , , brandUrl, , colorUrls]) => {
      if (headNoun(name) !== query.head) return false;
      if (query.word && !normalize(name).split(/[^\p{L}\p{N}]+/u).includes(normalize(query.word))) return false;
      if (query.color && !colorUrls.includes(query.color)) return false;
      return !query.brand || brandUrl === query.brand;
    })
    .map(([, url]) => url);
}

export function judgedQueries(): JudgedQuery[] {
  return JSON.parse(readFileSync(new URL('./search-judged.json', import.meta.url), 'utf8')) as JudgedQuery[];
}
