import { countRu } from '../../../shared/plural.js';

export { pluralRu } from '../../../shared/plural.js';

export function productCount(count: number): string {
  return countRu(count, ['товар', 'товара', 'товаров']);
}
