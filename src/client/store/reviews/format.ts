import { countRu } from '../../../shared/plural.js';

/** «12 ноября 2026» */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** «4,5» */
export function formatRating(rating: number): string {
  return rating.toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** «1 отзыв», «3 отзыва», «12 отзывов» */
export function reviewsWord(count: number): string {
  return countRu(count, ['отзыв', 'отзыва', 'отзывов']);
}
