import { z } from '../zod.js';
import { idSchema, listResponse, nameSchema, pagingShape, sortShape, urlSlugSchema } from './common.js';

/**
 * Tags and sizes (SPEC.md section 3) share one shape: id, name, url. Each keeps its own names for
 * the path parameter so the REST paths read as SPEC.md section 7 writes them.
 */
export const dictionaryItemSchema = z.object({ id: z.number().int(), name: z.string(), url: z.string() });
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;

export const dictionaryInputSchema = z.object({ name: nameSchema, url: urlSlugSchema });
export type DictionaryInput = z.infer<typeof dictionaryInputSchema>;

export const dictionarySortColumns = ['id', 'name', 'url'] as const;

export const dictionaryListSchema = z.object({
  name: z.string().trim().max(200).optional(),
  url: z.string().trim().max(200).optional(),
  ...sortShape(dictionarySortColumns, 'id'),
  ...pagingShape,
});
export type DictionaryListInput = z.input<typeof dictionaryListSchema>;

export const dictionaryListResponseSchema = listResponse(dictionaryItemSchema);

export const tagIdSchema = z.object({ tagId: idSchema });
export const sizeIdSchema = z.object({ sizeId: idSchema });
