import { describe, expect, it } from 'vitest';
import { diminutiveBases, dimensionTerms, fixLookAlikes, joinDimensions, transliterationSpellings } from './forms.js';

describe('search forms', () => {
  it('reads look-alike letters of the other alphabet in the word’s own', () => {
    expect(fixLookAlikes('кpoссовки')).toBe('кроссовки');
    expect(fixLookAlikes('KУPTKA')).toBe('КУРТКА');
    expect(fixLookAlikes('nikе')).toBe('nike');
    expect(fixLookAlikes('gkfnmt')).toBe('gkfnmt');
    expect(fixLookAlikes('футболкаs')).toBe('футболкаs');
  });

  it('joins dimensions and reads them as a name writes them', () => {
    expect(joinDimensions('плед 150 x 200, 160х200 и 2*10')).toBe('плед 150×200, 160×200 и 2×10');
    expect(dimensionTerms('150×200')).toEqual(["'150x200'", "'150х200'", "('150' & '200')"]);
    expect(dimensionTerms('150')).toBeNull();
  });

  it('reduces a diminutive to the base words it may be formed from, most likely first', () => {
    expect(diminutiveBases('курточка')[0]).toBe('куртка');
    expect(diminutiveBases('кофточка')).toContain('кофта');
    expect(diminutiveBases('рюкзачок')).toContain('рюкзак');
    expect(diminutiveBases('термосик')[0]).toBe('термос');
    expect(diminutiveBases('гантельки')).toEqual(['гантель']);
    expect(diminutiveBases('пуховеком')).toEqual([]);
    expect(diminutiveBases('шарф')).toEqual([]);
  });

  it('tries «кс» as a Latin x when transliterating', () => {
    expect(transliterationSpellings('фокс')).toEqual(['фокс', 'фоx']);
    expect(transliterationSpellings('palto')).toEqual(['palto']);
  });
});
