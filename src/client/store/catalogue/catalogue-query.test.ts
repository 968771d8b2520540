import { describe, expect, it } from 'vitest';
import { readCatalogueQuery } from './catalogue-query';
import { productTotal } from '../../ui/russian-plural';

describe('catalogue query and totals', () => {
  it('reads price bounds the wrong way round as the range between them', () => {
    const query = readCatalogueQuery(new URLSearchParams('minPrice=9000&maxPrice=100'));
    expect([query.minPrice, query.maxPrice]).toEqual([100, 9000]);
    const open = readCatalogueQuery(new URLSearchParams('minPrice=9000'));
    expect([open.minPrice, open.maxPrice]).toEqual([9000, 0]);
  });

  it('shows an approximate total as «более 10 000 товаров»', () => {
    expect(productTotal(10_000, true)).toBe('более 10\u00a0000 товаров');
    expect(productTotal(21, false)).toBe('21 товар');
  });
});
