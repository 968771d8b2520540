import { describe, expect, it } from 'vitest';
import { slugify } from './transliterate.js';

describe('slugify', () => {
  it('transliterates a Russian name into a url of latin letters, digits and dashes', () => {
    expect(slugify('Кроссовки беговые')).toBe('krossovki-begovye');
    expect(slugify('Щётка для обуви №5')).toBe('shchetka-dlya-obuvi-5');
    expect(slugify('  Хит  продаж! ')).toBe('khit-prodazh');
    expect(slugify('Объём')).toBe('obem');
  });
});
