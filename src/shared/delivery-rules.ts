import { pluralRu } from './plural.js';

/**
 * The delivery rules that need no database (docs/delivery.md), shared by the server (the price
 * written on an order) and the client (the same estimate and free-delivery hint on screen).
 * Amounts are in whatever unit the caller uses, kopecks on the server, rubles on the client.
 */

export const deliveryMessages = {
  methodRequired: 'Выберите способ доставки',
  methodUnavailable: 'Этот способ доставки сейчас недоступен. Выберите другой.',
  pickupPointRequired: 'Выберите пункт самовывоза',
  pickupPointUnavailable: 'Этот пункт самовывоза сейчас не работает. Выберите другой.',
  postcodeRequired: 'Для доставки Почтой России укажите шестизначный почтовый индекс',
  cityRequired: 'Укажите город доставки',
  methodNotFound: 'Способ доставки не найден',
  pointNotFound: 'Пункт самовывоза не найден',
} as const;

/** «Курьер не доставляет в город Томск: выберите самовывоз или Почту России». */
export function courierUnavailableMessage(city: string): string {
  return `Курьер не доставляет в город ${city.trim()}: выберите самовывоз или Почту России`;
}

/** A city as zones compare it: trimmed, lower-case, «ё» as «е», without a leading «г.», single spaces. */
export function normalizeCity(city: string): string {
  return city
    .trim()
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/^г\.\s*/u, '')
    .replace(/^г\s+/u, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** The first zone (in their order) that lists the city, or undefined. */
export function zoneForCity<T extends { cities: readonly string[] }>(zones: readonly T[], city: string): T | undefined {
  const wanted = normalizeCity(city);
  if (!wanted) return undefined;
  return zones.find((zone) => zone.cities.some((zoneCity) => normalizeCity(zoneCity) === wanted));
}

/** What delivery costs for goods of this amount: nothing from `freeFrom` on (inclusive), else the price. */
export function deliveryCost(price: number, freeFrom: number | null, goods: number): number {
  return freeFrom !== null && goods >= freeFrom ? 0 : price;
}

/** How much more to buy for free delivery: 0 when already free, null when the rule has no threshold. */
export function amountToFreeDelivery(freeFrom: number | null, goods: number): number | null {
  if (freeFrom === null) return null;
  return Math.max(0, freeFrom - goods);
}

const dayForms = ['день', 'дня', 'дней'] as const;

/** «сегодня», «завтра», «сегодня или завтра», «3 дня», «1–2 дня», «5–10 дней». */
export function deliveryEstimate(minDays: number, maxDays: number): string {
  const high = Math.max(minDays, maxDays);
  if (high === 0) return 'сегодня';
  if (minDays === 1 && high === 1) return 'завтра';
  if (minDays === 0 && high === 1) return 'сегодня или завтра';
  if (minDays === high) return `${high} ${pluralRu(high, dayForms)}`;
  return `${minDays}–${high} ${pluralRu(high, dayForms)}`;
}

/** The span over several zones: the shortest «from» to the longest «to». */
export function spanOf(ranges: ReadonlyArray<{ minDays: number; maxDays: number }>): { minDays: number; maxDays: number } | null {
  if (!ranges.length) return null;
  return { minDays: Math.min(...ranges.map((range) => range.minDays)), maxDays: Math.max(...ranges.map((range) => range.maxDays)) };
}

/** Почта России needs a Russian postcode: six digits. */
export function isPostcode(zipCode: string | null | undefined): boolean {
  return /^\d{6}$/.test((zipCode ?? '').trim());
}

/** A link that opens the point in Yandex Maps. */
export function pickupPointMapUrl(latitude: number, longitude: number): string {
  return `https://yandex.ru/maps/?pt=${longitude},${latitude}&z=16&l=map`;
}
