import { readFileSync } from 'node:fs';
import { demoCategories, demoProducts } from '../../src/server/db/seed-data/catalogue.js';
import { judgedExtraProducts } from './search-judged-products.js';

/**
 * The judged set of name searches over the demo catalogue (and the few products of
 * search-judged-products.ts the recall test adds for dimensions): search-judged.json holds each
 * query, its class and the rule that decides which products it must find, and those products'
 * urls. The rule: a product is relevant when every given field holds — its head noun (the first
 * word of its name, or the first two when the first is an adjective, «ё» as «е») is `head`; its
 * name contains `word`; it has a variant of colour `color`; it is of brand `brand`; it is filed
 * under category `category` or one of its descendants (the category named by a category word);
 * its name holds the dimension `dimension` («150×200»: the numbers with x, х, × or * between them,
 * spaces allowed). Products that merely mention the word further on are not required (and not
 * penalised).
 */
export interface JudgedQuery {
  class: string;
  query: string;
  head?: string;
  word?: string;
  color?: string;
  brand?: string;
  category?: string;
  dimension?: string;
  expect: string[];
}

export const judgedClasses = [
  'exact',
  'word form',
  'prefix',
  'typo',
  'two words',
  'name and colour or brand',
  'wrong layout',
  'latin',
  'category word',
  'brand in Cyrillic',
  'category and brand',
  'look-alike Latin letters',
  'wrong layout with a one-letter word',
  'typo and word form',
  'dimensions',
  'diminutive',
] as const;

const normalize = (text: string) => text.toLowerCase().replace(/ё/g, 'е');

export function headNoun(name: string): string {
  const words = normalize(name).split(/\s+/);
  const first = words[0] ?? '';
  return /(ая|яя|ый|ий|ой|ое|ее|ые|ие)$/.test(first) && words[1] ? `${first} ${words[1]}` : first;
}

/** The category's url and the urls of all its descendants. */
function subtree(url: string): string[] {
  for (const parent of demoCategories) {
    if (parent.url === url) return [url, ...(parent.children ?? []).map((child) => child.url)];
    if (parent.children?.some((child) => child.url === url)) return [url];
  }
  return [];
}

function hasDimension(name: string, dimension: string): boolean {
  const pattern = dimension
    .split('×')
    .map((n) => n.replace('.', '\\.'))
    .join('\\s*[xх×*]\\s*');
  return new RegExp(`(^|[^\\d])${pattern}($|[^\\d])`, 'iu').test(name);
}

/** Every product the judged set is judged over: the demo catalogue's and the extra ones. */
export const judgedProducts = [
  ...demoProducts.map(([name, url, category, brand, , colors]) => ({ name, url, category, brand, colors })),
  ...judgedExtraProducts,
];

/** The products the rule makes relevant to a query, by url. */
export function relevantUrls(query: Omit<JudgedQuery, 'expect' | 'class' | 'query'>): string[] {
  return judgedProducts
    .filter(({ name, category, brand, colors }) => {
      if (query.head && headNoun(name) !== query.head) return false;
      if (query.word && !normalize(name).split(/[^\p{L}\p{N}]+/u).includes(normalize(query.word))) return false;
      if (query.color && !colors.includes(query.color)) return false;
      if (query.category && !subtree(query.category).includes(category)) return false;
      if (query.dimension && !hasDimension(name, query.dimension)) return false;
      return !query.brand || brand === query.brand;
    })
    .map(({ url }) => url);
}

export function judgedQueries(): JudgedQuery[] {
  return JSON.parse(readFileSync(new URL('./search-judged.json', import.meta.url), 'utf8')) as JudgedQuery[];
}
