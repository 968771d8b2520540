import { describe, expect, it } from 'vitest';
import { categoryLabel, prepositionalName } from './in-category';

describe('a category named after «в»', () => {
  it('declines catalogue names into the prepositional case', () => {
    expect(categoryLabel('Кроссовки', 'Обувь')).toBe('Кроссовки в Обуви');
    expect(prepositionalName('Одежда')).toBe('Одежде');
    expect(prepositionalName('Аксессуары')).toBe('Аксессуарах');
    expect(prepositionalName('Спорт и отдых')).toBe('Спорте и отдыхе');
    expect(prepositionalName('Верхняя одежда')).toBe('Верхней одежде');
    expect(prepositionalName('Кроссовки')).toBe('Кроссовках');
    expect(prepositionalName('Снаряжение')).toBe('Снаряжении');
    expect(prepositionalName('Товары для дома')).toBe('Товарах для дома');
    expect(prepositionalName('Nike')).toBe('Nike');
  });

  it('names a top-level category alone', () => {
    expect(categoryLabel('Обувь', null)).toBe('Обувь');
  });
});
