import { describe, expect, it } from 'vitest';
import { withDeliveryPromise } from './delivery-promise';

const seeded = 'Бесплатная доставка при заказе от 5000 ₽ и примерка перед покупкой.';

describe('the home page promise of free delivery', () => {
  it('names the shop’s lowest free-delivery threshold', () => {
    expect(withDeliveryPromise(seeded, 3000)).toBe('Бесплатная доставка при заказе от 3\u00a0000\u00a0₽ и примерка перед покупкой.');
    expect(withDeliveryPromise(`Новинки каждую неделю. ${seeded}`, 5000)).toBe('Новинки каждую неделю. Бесплатная доставка при заказе от 5\u00a0000\u00a0₽ и примерка перед покупкой.');
  });

  it('leaves the promise out when no method is ever free, and keeps other text', () => {
    expect(withDeliveryPromise(seeded, null)).toBe('');
    expect(withDeliveryPromise(`Новинки каждую неделю. ${seeded} Возврат 14 дней.`, null)).toBe('Новинки каждую неделю. Возврат 14 дней.');
    expect(withDeliveryPromise('Скидки до 50% на обувь.', null)).toBe('Скидки до 50% на обувь.');
  });
});
