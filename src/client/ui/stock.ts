import type { Variant, VariantItem } from '../../shared/schemas/catalogue.js';

/** At most this many in stock reads «Осталось N»; more reads «В наличии». */
export const FEW_LEFT = 5;

/** Whether a stock count is low enough to say how many are left. */
export function fewLeft(stock: number): boolean {
  return stock > 0 && stock <= FEW_LEFT;
}

/** The colour's item of a size (null: the one item of a product without sizes). */
export function itemOf(variant: Variant, sizeId: number | null): VariantItem | undefined {
  return variant.items.find((item) => item.sizeId === sizeId);
}

/** How many of the colour in that size are in stock (0 when the colour has no such item). */
export function sizeStock(variant: Variant, sizeId: number): number {
  return itemOf(variant, sizeId)?.stock ?? 0;
}

/** A colour is sold out only when every one of its sizes is (its stock is their sum). */
export function colourSoldOut(variant: Variant): boolean {
  return variant.items.length > 0 ? variant.items.every((item) => item.stock <= 0) : variant.stock <= 0;
}

/** The chosen size when it is in stock in this colour, else none (a sold-out size cannot be chosen). */
export function sizeInStock<T extends { id: number }>(variant: Variant | undefined, size: T | undefined): T | undefined {
  return variant && size && sizeStock(variant, size.id) > 0 ? size : undefined;
}
