import { describe, expect, it } from 'vitest';
import { recentlyViewedKey, rememberViewed, viewedUrls } from './recently-viewed';

function memoryStorage(initial?: string) {
  const values = new Map<string, string>(initial === undefined ? [] : [[recentlyViewedKey, initial]]);
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('recently viewed', () => {
  it('keeps the last 12 urls, most recent first, without repeats', () => {
    const storage = memoryStorage();
    for (let n = 1; n <= 14; n += 1) rememberViewed(`p${n}`, storage);
    rememberViewed('p10', storage);
    expect(viewedUrls(storage)).toEqual(['p10', 'p14', 'p13', 'p12', 'p11', 'p9', 'p8', 'p7', 'p6', 'p5', 'p4', 'p3']);
  });

  it('reads a broken value as nothing and starts again', () => {
    const storage = memoryStorage('{not json');
    expect(viewedUrls(storage)).toEqual([]);
    rememberViewed('a', storage);
    expect(viewedUrls(storage)).toEqual(['a']);
    expect(viewedUrls(memoryStorage('[1, "b", null]'))).toEqual(['b']);
  });
});
