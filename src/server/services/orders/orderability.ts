import type { LineState } from '../../../shared/schemas/orders.js';

/** What the catalogue says now about one line of a basket or an order. */
export interface LineFacts {
  /** The variant still exists. */
  exists: boolean;
  sizeId: number | null;
  /** The product is sold in sizes. */
  hasSizes: boolean;
  /** The line's size is one of the product's. */
  sizeOffered: boolean;
  /** The product is offered for sale. */
  availability: boolean;
  stock: number;
  /** Units the order would take of the variant. */
  quantity: number;
}

/**
 * Whether a line can be ordered, the one rule baskets show and orders enforce: `ok` only when it
 * can be ordered in full now; `available` is the stock a shopper may still take.
 */
export function orderability(line: LineFacts): { state: LineState; available: number } {
  if (!line.exists) return { state: 'gone', available: 0 };
  // A size removed from the product (or the shop), or a product that got sizes after the line was
  // added: the line cannot be ordered as it is.
  if (line.sizeId !== null ? !line.sizeOffered : line.hasSizes) return { state: 'gone', available: 0 };
  if (!line.availability) return { state: 'withdrawn', available: 0 };
  if (line.stock <= 0) return { state: 'soldOut', available: 0 };
  if (line.stock < line.quantity) return { state: 'short', available: line.stock };
  return { state: 'ok', available: line.stock };
}
