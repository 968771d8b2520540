import {
  dictionaryInputSchema,
  dictionaryItemSchema,
  dictionaryListResponseSchema,
  dictionaryListSchema,
  tagIdSchema,
} from '../../../shared/schemas/dictionaries.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { adminProcedure, publicProcedure, router } from '../../trpc.js';
import {
  createDictionaryItem,
  deleteDictionaryItem,
  getDictionaryItem,
  listDictionary,
  updateDictionaryItem,
} from './dictionary.js';

const tags = ['tags'];

export const tagsRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/tags', tags, summary: 'Теги: список с фильтром по имени' } })
    .input(dictionaryListSchema)
    .output(dictionaryListResponseSchema)
    .query(({ ctx, input }) => listDictionary(ctx.db, 'tags', input)),

  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/tags/{tagId}', tags } })
    .input(tagIdSchema)
    .output(dictionaryItemSchema)
    .query(({ ctx, input }) => getDictionaryItem(ctx.db, 'tags', input.tagId)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/tags', tags, protect: true } })
    .input(dictionaryInputSchema)
    .output(dictionaryItemSchema)
    .mutation(({ ctx, input }) => createDictionaryItem(ctx.db, 'tags', input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/tags/{tagId}', tags, protect: true } })
    .input(tagIdSchema.extend(dictionaryInputSchema.shape))
    .output(dictionaryItemSchema)
    .mutation(({ ctx, input: { tagId, ...fields } }) => updateDictionaryItem(ctx.db, 'tags', tagId, fields)),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/tags/{tagId}', tags, protect: true } })
    .input(tagIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteDictionaryItem(ctx.db, 'tags', input.tagId)),
});
