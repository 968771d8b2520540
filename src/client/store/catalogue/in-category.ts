/**
 * «Кроссовки в Обуви»: a category's name in the prepositional case, as a suggestion names the
 * parent a category sits in. A heuristic of Russian endings good for catalogue names (nouns,
 * adjective + noun, «Спорт и отдых»); words after a preposition («Товары для дома») and words
 * that are not Cyrillic stay as they are.
 */

const prepositions = new Set(['для', 'с', 'со', 'без', 'из', 'на', 'по', 'от', 'до', 'в', 'во', 'к', 'у', 'о', 'об', 'при', 'за', 'под', 'над']);
const conjunctions = new Set(['и', 'или']);

type Rule = readonly [ending: string, replacement: string];

const adjectiveRules: readonly Rule[] = [
  ['ая', 'ой'], ['яя', 'ей'], ['кий', 'ком'], ['гий', 'гом'], ['хий', 'хом'], ['ый', 'ом'], ['ой', 'ом'], ['ий', 'ем'],
  ['ое', 'ом'], ['ее', 'ем'], ['ые', 'ых'], ['ие', 'их'],
];

const nounRules: readonly Rule[] = [
  ['ия', 'ии'], ['ие', 'ии'], ['ии', 'иях'], ['ья', 'ье'], ['ь', 'и'], ['а', 'е'], ['я', 'е'], ['й', 'е'], ['ы', 'ах'],
  ['ки', 'ках'], ['ги', 'гах'], ['хи', 'хах'], ['жи', 'жах'], ['ши', 'шах'], ['чи', 'чах'], ['щи', 'щах'], ['и', 'ях'],
  ['о', 'е'], ['е', 'е'],
];

function keepCase(original: string, declined: string): string {
  return original[0] === original[0]?.toUpperCase() ? (declined[0]?.toUpperCase() ?? '') + declined.slice(1) : declined;
}

function decline(word: string, rules: readonly Rule[]): string {
  const lower = word.toLowerCase();
  if (!/^[а-яё-]+$/.test(lower)) return word;
  const rule = rules.find(([ending]) => lower.endsWith(ending));
  if (rule) return keepCase(word, lower.slice(0, lower.length - rule[0].length) + rule[1]);
  // Ends in a consonant: «Спорт» → «Спорте».
  return /[бвгджзклмнпрстфхцчшщ]$/.test(lower) ? keepCase(word, `${lower}е`) : word;
}

/** The category name as it reads after «в»: «Обувь» → «Обуви», «Верхняя одежда» → «Верхней одежде». */
export function prepositionalName(name: string): string {
  const words = name.split(' ');
  let stopped = false;
  return words
    .map((word, index) => {
      const lower = word.toLowerCase();
      if (stopped || prepositions.has(lower)) {
        stopped = true;
        return word;
      }
      if (conjunctions.has(lower) || word === '') return word;
      const next = words[index + 1]?.toLowerCase();
      const beforeNoun = next !== undefined && !conjunctions.has(next) && !prepositions.has(next);
      return decline(word, beforeNoun ? adjectiveRules : nounRules);
    })
    .join(' ');
}

/** «Кроссовки в Обуви», or the name alone for a top-level category. */
export function categoryLabel(name: string, parentName: string | null): string {
  return parentName ? `${name} в ${prepositionalName(parentName)}` : name;
}
