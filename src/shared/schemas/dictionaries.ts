import { z } from '../zod.js';
import { idSchema, listResponse, nameSchema, pagingShape, sortShape, urlSlugSchema, versionInputShape, versionSchema } from './common.js';

/**
 * Tags and sizes share one shape: id, name, url. Each keeps its own names for
 * the path parameter, so the REST paths read /tags/{tagId} and /sizes/{sizeId}.
 */
export const dictionaryItemSchema = z.object({ id: z.number().int(), name: z.string(), url: z.string(), version: versionSchema });
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

export const dictionaryListResponseSchema = listResponse(dictionaryItemSchema);

/** `{ tagId }`, `{ sizeId }`: the path parameter of one dictionary, named after it. */
export function dictionaryIdSchema<K extends string>(key: K) {
  return z.object({ [key]: idSchema } as Record<K, typeof idSchema>);
}

export function dictionaryUpdateSchema<K extends string>(key: K) {
  return dictionaryIdSchema(key).extend({ ...dictionaryInputSchema.shape, ...versionInputShape });
}
