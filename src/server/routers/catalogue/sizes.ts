import { dictionaryRouter } from './dictionary.js';

export const sizesRouter = dictionaryRouter('sizes', 'sizeId', 'Размеры: список с фильтром по имени');
