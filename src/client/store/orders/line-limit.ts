import { maxUnitsPerLine } from '../../../shared/order-limits.js';
import type { BasketLine } from '../../../shared/schemas/orders.js';

/** What a line says when «+» has stopped at its size's stock. */
export const noMoreInStock = 'Больше нет в наличии';

/** The most units «+» may reach on a line: what its colour in its size has in stock, and the per-line limit. */
export function lineCeiling(line: Pick<BasketLine, 'available'>): number {
  return Math.min(maxUnitsPerLine, line.available);
}

/** «+» stopped by the stock (not by the per-line limit): the line shows {@link noMoreInStock}. */
export function atStockLimit(line: Pick<BasketLine, 'state' | 'available' | 'quantity'>): boolean {
  return line.state === 'ok' && line.available < maxUnitsPerLine && line.quantity >= line.available;
}
