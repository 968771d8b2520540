import { describe, expect, it } from 'vitest';
import { allowedEdits, closestReading, editDistance, stemDistance, swapLayout, tokensOf, transpositions, tsTerm } from './text.js';

describe('search text', () => {
  it('swaps the keyboard layout both ways, with the punctuation keys of Russian letters', () => {
    expect(swapLayout('gkfnmt')).toBe('платье');
    expect(swapLayout(';bktn')).toBe('жилет');
    expect(swapLayout('[fkfn')).toBe('халат');
    expect(swapLayout('сфзщ')).toBe('capo');
    expect(swapLayout('тшлу')).toBe('nike');
    expect(swapLayout('платье')).toBe('gkfnmt');
    expect(swapLayout('501')).toBeNull();
    expect(swapLayout('nike air')).toBe('тшлу фшк');
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('сапго', 'сапог')).toBe(1);
    expect(editDistance('куртак', 'куртка')).toBe(1);
    expect(editDistance('кросовки', 'кроссовки')).toBe(1);
    expect(editDistance('ремни', 'ремень')).toBe(2);
    expect(transpositions('абв')).toEqual(['бав', 'авб']);
  });

  it('compares stems with the typed stem’s fleeting vowel dropped or added', () => {
    expect(stemDistance('кросовок', 'кроссовк')).toBe(1);
    expect(stemDistance('батинк', 'ботинк')).toBe(1);
  });

  it('reads a typed word against a known one as a whole word or as a prefix being typed', () => {
    expect(closestReading('кросов', 'кроссовки')).toEqual({ distance: 1, prefix: 'кроссов' });
    expect(closestReading('куртак', 'куртка')).toEqual({ distance: 1, prefix: null });
    expect(allowedEdits('ель')).toBe(0);
    expect(allowedEdits('сапго')).toBe(1);
    expect(allowedEdits('кросовки')).toBe(2);
  });

  it('splits the query into at most eight tokens and quotes lexemes', () => {
    expect(tokensOf(' Ёжик  pal\'to !!! ')).toEqual(['ежик', "pal'to"]);
    expect(tokensOf('а б в г д е ж з и к')).toHaveLength(8);
    expect(tokensOf('плед 150 x 200 кpoссовки')).toEqual(['плед', '150×200', 'кроссовки']);
    expect(tsTerm('крос', true)).toBe("'крос':*");
  });
});
