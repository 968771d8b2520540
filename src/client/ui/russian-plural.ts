import { countRu } from '../../shared/plural.js';

export { pluralRu } from '../../shared/plural.js';

export function productCount(count: number): string {
  return countRu(count, ['товар', 'товара', 'товаров']);
}

/** The catalogue's total: exact, or «более 10 000 товаров» when the server only estimated it. */
export function productTotal(count: number, approximate: boolean, exactLimit = 10_000): string {
  return approximate ? `более ${exactLimit.toLocaleString('ru-RU')} товаров` : productCount(count);
}
