import { sql } from 'kysely';
import { productListSchema } from '../../../../shared/schemas/catalogue.js';
import type { SearchSuggestions } from '../../../../shared/schemas/search.js';
import type { Db } from '../../../db/connection.js';
import { listProducts } from '../listing/list-products.js';
import { swapLayout, tokensOf, wordsOf } from './text.js';

/**
 * The header's suggestions while the shopper types (docs/search.md, "Suggestions and popular
 * searches"): categories and brands whose name has a word starting with a typed word (as typed or
 * in the other keyboard layout), whose word has the typed word's lexeme («обуви» → Обувь), or
 * whose spelling skeleton starts with the typed word's («krossov» → Кроссовки, «пума» → Puma);
 * brands by their synonyms too. Products come from the product search itself (GET /products).
 */

const maxCategories = 5;
const maxBrands = 5;
const maxProducts = 5;
/** Shorter typed text suggests nothing: one letter would match half the catalogue. */
export const minSuggestLength = 2;

/** The words to look up: each token's words as typed (first) and in the other keyboard layout. */
export function suggestWords(text: string): { prefixes: string[]; typed: string[] } {
  const typed = new Set<string>();
  const prefixes = new Set<string>();
  for (const token of tokensOf(text)) {
    for (const word of wordsOf(token)) {
      typed.add(word);
      prefixes.add(word);
    }
    const swapped = swapLayout(token);
    if (swapped) for (const word of wordsOf(swapped)) prefixes.add(word);
  }
  return { prefixes: [...prefixes], typed: [...typed] };
}

const fleeting = 'бвгджзклмнпрстфхцчшщ';

/** Per typed word of three letters or more: its lexeme (with fleeting-vowel forms) and skeleton. */
function wordFacts(typed: string[]) {
  return sql`(select search_skeleton(w) as skeleton, array[st.stem,
      regexp_replace(st.stem, ${`([${fleeting}])([${fleeting}])$`}, '\\1о\\2'),
      regexp_replace(st.stem, ${`([${fleeting}])([${fleeting}])$`}, '\\1е\\2'),
      regexp_replace(st.stem, ${`([${fleeting}])[ое]([${fleeting}])$`}, '\\1\\2')] as stems
    from unnest(${typed}::text[]) as w
    cross join lateral (select search_stem(w) as stem offset 0) st
    where length(w) >= 3)`;
}

async function matchingCategories(db: Db, prefixes: string[], typed: string[]): Promise<SearchSuggestions['categories']> {
  const result = await sql<{ name: string; url: string; parentName: string | null }>`
    with facts as materialized ${wordFacts(typed)}
    select c.name, c.url, parent.name as "parentName"
    from categories c left join categories parent on parent.id = c.parent_id
    where exists (select 1 from unnest(${prefixes}::text[]) p, regexp_split_to_table(lower(translate(c.name, 'ёЁ', 'еЕ')), '[^[:alnum:]]+') w
        where starts_with(w, p))
      or exists (select 1 from facts f where f.stems && c.search_stems
        or (length(f.skeleton) >= 3 and exists (select 1 from unnest(c.skeletons) s where starts_with(s, f.skeleton))))
    order by starts_with(lower(translate(c.name, 'ёЁ', 'еЕ')), ${prefixes[0] ?? ''}) desc, length(c.name), c.name
    limit ${maxCategories}`.execute(db);
  return result.rows;
}

async function matchingBrands(db: Db, prefixes: string[], typed: string[]): Promise<SearchSuggestions['brands']> {
  const result = await sql<{ name: string; url: string }>`
    with facts as materialized ${wordFacts(typed)}
    select b.name, b.url from brands b
    where exists (select 1 from unnest(${prefixes}::text[]) p,
          (select regexp_split_to_table(b.search_name, '[^[:alnum:]]+') union all select unnest(b.synonyms)) w(w)
        where starts_with(w.w, p))
      or exists (select 1 from facts f where length(f.skeleton) >= 3 and starts_with(b.skeleton, f.skeleton))
    order by length(b.name), b.name
    limit ${maxBrands}`.execute(db);
  return result.rows;
}

/** Categories, brands and products for what the shopper has typed so far. */
export async function suggest(db: Db, text: string): Promise<SearchSuggestions> {
  const { prefixes, typed } = suggestWords(text);
  if (text.trim().length < minSuggestLength || prefixes.length === 0) return { categories: [], brands: [], products: [] };
  const [categories, brands, products] = await Promise.all([
    matchingCategories(db, prefixes, typed),
    matchingBrands(db, prefixes, typed),
    listProducts(db, productListSchema.parse({ name: text, limit: maxProducts })),
  ]);
  return { categories, brands, products: products.rows };
}
