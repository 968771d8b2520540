import { describe, expect, it } from 'vitest';
import type { Variant } from '../../shared/schemas/catalogue.js';
import { colourSoldOut, fewLeft, sizeInStock, sizeStock } from './stock';

const variant = (stocks: Array<[number | null, number]>): Variant => ({
  id: 1,
  article: 'A',
  color: null,
  price: 100,
  oldPrice: null,
  stock: stocks.reduce((sum, [, stock]) => sum + stock, 0),
  images: [],
  items: stocks.map(([sizeId, stock], index) => ({ id: index + 1, sizeId, sizeName: sizeId === null ? null : String(sizeId), article: `A/${index}`, barcode: null, stock })),
});

describe('stock per size on the storefront', () => {
  it('reads a size’s stock from the colour’s items, 0 for a size it does not have', () => {
    const black = variant([[40, 0], [41, 2]]);
    expect(sizeStock(black, 41)).toBe(2);
    expect(sizeStock(black, 40)).toBe(0);
    expect(sizeStock(black, 99)).toBe(0);
  });

  it('keeps a chosen size only when it is in stock in the colour', () => {
    const black = variant([[40, 0], [41, 2]]);
    expect(sizeInStock(black, { id: 41 })).toEqual({ id: 41 });
    expect(sizeInStock(black, { id: 40 })).toBeUndefined();
    expect(sizeInStock(undefined, { id: 41 })).toBeUndefined();
    expect(sizeInStock(black, undefined)).toBeUndefined();
  });

  it('calls a colour sold out only when every size is', () => {
    expect(colourSoldOut(variant([[40, 0], [41, 1]]))).toBe(false);
    expect(colourSoldOut(variant([[40, 0], [41, 0]]))).toBe(true);
    expect(colourSoldOut(variant([[null, 0]]))).toBe(true);
  });

  it('says how many are left from 1 to 5', () => {
    expect([0, 1, 5, 6].map(fewLeft)).toEqual([false, true, true, false]);
  });
});
