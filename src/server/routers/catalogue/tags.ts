import { dictionaryRouter } from './dictionary.js';

export const tagsRouter = dictionaryRouter('tags', 'tagId', 'Теги: список с фильтром по имени');
