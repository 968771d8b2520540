/**
 * Prices are integer kopecks inside (no rounding drift in sums), rubles (at most two decimals) outside.
 */
export function toKopecks(rubles: number): number {
  return Math.round(rubles * 100);
}

export function toRubles(kopecks: number): number {
  return kopecks / 100;
}

const rubleFormat = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** «1 299,90 ₽» */
export function formatRubles(rubles: number): string {
  return rubleFormat.format(rubles);
}
