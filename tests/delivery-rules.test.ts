import { describe, expect, it } from 'vitest';
import {
  amountToFreeDelivery,
  courierUnavailableMessage,
  deliveryCost,
  deliveryEstimate,
  isPostcode,
  normalizeCity,
  pickupPointMapUrl,
  spanOf,
  zoneForCity,
} from '../src/shared/delivery-rules.js';

/** The delivery rules server and client share (src/shared/delivery-rules.ts), without a database. */
describe('delivery rules', () => {
  it('reads a city the way zones compare it', () => {
    expect(normalizeCity('  Москва ')).toBe('москва');
    expect(normalizeCity('г. Королёв')).toBe('королев');
    expect(normalizeCity('г.Санкт-Петербург')).toBe('санкт-петербург');
    expect(normalizeCity('Нижний   Новгород')).toBe('нижний новгород');
    // «г» alone is not a prefix of a city that starts with the letter.
    expect(normalizeCity('Гатчина')).toBe('гатчина');
    expect(normalizeCity('   ')).toBe('');
  });

  it('finds the first zone listing the city, or none', () => {
    const zones = [
      { name: 'Столицы', cities: ['Москва', 'Санкт-Петербург'] },
      { name: 'Области', cities: ['Королёв', 'Москва'] },
    ];
    expect(zoneForCity(zones, 'МОСКВА')?.name).toBe('Столицы');
    expect(zoneForCity(zones, 'г. Королев')?.name).toBe('Области');
    expect(zoneForCity(zones, 'Томск')).toBeUndefined();
    expect(zoneForCity(zones, '')).toBeUndefined();
    expect(courierUnavailableMessage(' Томск ')).toBe('Курьер не доставляет в город Томск: выберите самовывоз или Почту России');
  });

  it('is free from the threshold on, inclusive; without a threshold never', () => {
    expect(deliveryCost(30_000, 500_000, 499_999)).toBe(30_000);
    expect(deliveryCost(30_000, 500_000, 500_000)).toBe(0);
    expect(deliveryCost(30_000, null, 10_000_000)).toBe(30_000);
    expect(amountToFreeDelivery(5000, 3200)).toBe(1800);
    expect(amountToFreeDelivery(5000, 6000)).toBe(0);
    expect(amountToFreeDelivery(null, 6000)).toBeNull();
  });

  it('writes the estimate in Russian with the right plural', () => {
    expect(deliveryEstimate(0, 0)).toBe('сегодня');
    expect(deliveryEstimate(1, 1)).toBe('завтра');
    expect(deliveryEstimate(0, 1)).toBe('сегодня или завтра');
    expect(deliveryEstimate(1, 2)).toBe('1–2 дня');
    expect(deliveryEstimate(2, 4)).toBe('2–4 дня');
    expect(deliveryEstimate(5, 10)).toBe('5–10 дней');
    expect(deliveryEstimate(3, 3)).toBe('3 дня');
    expect(deliveryEstimate(7, 21)).toBe('7–21 день');
    expect(deliveryEstimate(5, 5)).toBe('5 дней');
    expect(spanOf([{ minDays: 1, maxDays: 2 }, { minDays: 2, maxDays: 4 }])).toEqual({ minDays: 1, maxDays: 4 });
    expect(spanOf([])).toBeNull();
  });

  it('takes six-digit postcodes only, and links a point to the map', () => {
    expect(isPostcode('101000')).toBe(true);
    expect(isPostcode(' 634050 ')).toBe(true);
    expect(isPostcode('6340')).toBe(false);
    expect(isPostcode('10100A')).toBe(false);
    expect(isPostcode(undefined)).toBe(false);
    expect(pickupPointMapUrl(55.7641, 37.6056)).toBe('https://yandex.ru/maps/?pt=37.6056,55.7641&z=16&l=map');
  });
});
