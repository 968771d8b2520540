import {
  dictionaryInputSchema,
  dictionaryItemSchema,
  dictionaryListResponseSchema,
  dictionaryListSchema,
  sizeIdSchema,
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

const tags = ['sizes'];

export const sizesRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/sizes', tags, summary: 'Размеры: список с фильтром по имени' } })
    .input(dictionaryListSchema)
    .output(dictionaryListResponseSchema)
    .query(({ ctx, input }) => listDictionary(ctx.db, 'sizes', input)),

  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/sizes/{sizeId}', tags } })
    .input(sizeIdSchema)
    .output(dictionaryItemSchema)
    .query(({ ctx, input }) => getDictionaryItem(ctx.db, 'sizes', input.sizeId)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/sizes', tags, protect: true } })
    .input(dictionaryInputSchema)
    .output(dictionaryItemSchema)
    .mutation(({ ctx, input }) => createDictionaryItem(ctx.db, 'sizes', input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/sizes/{sizeId}', tags, protect: true } })
    .input(sizeIdSchema.extend(dictionaryInputSchema.shape))
    .output(dictionaryItemSchema)
    .mutation(({ ctx, input: { sizeId, ...fields } }) => updateDictionaryItem(ctx.db, 'sizes', sizeId, fields)),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/sizes/{sizeId}', tags, protect: true } })
    .input(sizeIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteDictionaryItem(ctx.db, 'sizes', input.sizeId)),
});
