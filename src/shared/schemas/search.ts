import { z } from 'zod';
import { productCardSchema } from './catalogue.js';
import { limitSchema } from './common.js';

/** What the header's search box asks while the shopper types (GET /search/suggestions). */
export const searchSuggestInputSchema = z.object({
  q: z.string().max(100, 'Слишком длинный запрос: не больше 100 символов').meta({ description: 'Что набрано в строке поиска' }),
});

export const suggestedCategorySchema = z.object({
  name: z.string(),
  /** The category's url: the catalogue filtered by it is /catalog?categories={url}. */
  url: z.string(),
  /** The parent category's name («Кроссовки в Обуви»), null for a top-level one. */
  parentName: z.string().nullable(),
});

export const suggestedBrandSchema = z.object({
  name: z.string(),
  /** The brand's url: the catalogue filtered by it is /catalog?brands={url}. */
  url: z.string(),
});

export const searchSuggestionsSchema = z.object({
  categories: z.array(suggestedCategorySchema),
  brands: z.array(suggestedBrandSchema),
  products: z.array(productCardSchema),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export const popularSearchesInputSchema = z.object({ limit: limitSchema(20, 8) });

/** The shop's most asked searches that found products, most asked first. */
export const popularSearchesSchema = z.object({ queries: z.array(z.string()) });
