/** «1 товар», «3 товара», «5 товаров»: Russian picks the noun form by the number's last digits. */
export function pluralRu(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const tens = Math.abs(count) % 100;
  const units = tens % 10;
  if (tens > 10 && tens < 20) return forms[2];
  if (units === 1) return forms[0];
  if (units >= 2 && units <= 4) return forms[1];
  return forms[2];
}

/** «12 товаров»: the number (ru-RU groups) and the noun in the form it takes. */
export function countRu(count: number, forms: readonly [one: string, few: string, many: string]): string {
  return `${count.toLocaleString('ru-RU')} ${pluralRu(count, forms)}`;
}
