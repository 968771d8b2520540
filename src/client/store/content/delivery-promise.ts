import { formatRubles } from '../../../shared/money.js';

/** «Бесплатная доставка при заказе от 5000 ₽», however the amount is written. */
const promise = /бесплатн\p{L}*\s+доставк\p{L}*[^.!?]*?\sот\s*\d[\d\s\u00a0\u202f]*(?:[.,]\d+)?\s*(?:₽|руб\.?)/iu;

/**
 * The home page's free-delivery promise follows the shop's rule (delivery.options freeFrom): the
 * amount in the advertisement's «бесплатная доставка … от N ₽» is the lowest threshold of the
 * active methods, and the sentence is left out when no method is ever free. Other text is kept.
 */
export function withDeliveryPromise(text: string, freeFrom: number | null): string {
  const sentences = text.match(/[^.!?]+[.!?]*\s*/gu) ?? [text];
  return sentences
    .flatMap((sentence) => {
      const found = promise.exec(sentence);
      if (!found) return [sentence];
      if (freeFrom === null) return [];
      const amount = found[0].replace(/\sот\s*\d[\d\s\u00a0\u202f]*(?:[.,]\d+)?\s*(?:₽|руб\.?)$/iu, ` от ${formatRubles(freeFrom)}`);
      return [sentence.replace(found[0], amount)];
    })
    .join('')
    .trim();
}
