import {
  colorIdSchema,
  colorInputSchema,
  colorListResponseSchema,
  colorListSchema,
  colorRecordSchema,
  colorUpdateSchema,
} from '../../../shared/schemas/catalogue.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { adminProcedure, router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';
import { colorRecords, listColors } from '../../services/catalogue/colors.js';

const tags = ['colors'];

export const colorsRouter = router({
  list: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/colors', tags, summary: 'Цвета: список с фильтрами' } })
    .input(colorListSchema)
    .output(colorListResponseSchema)
    .query(({ ctx, input }) => listColors(ctx.readDb, input)),

  get: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/colors/{colorId}', tags } })
    .input(colorIdSchema)
    .output(colorRecordSchema)
    .query(({ ctx, input }) => colorRecords.get(ctx.readDb, input.colorId)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/colors', tags, protect: true } })
    .input(colorInputSchema)
    .output(colorRecordSchema)
    .mutation(({ ctx, input }) => colorRecords.create(ctx.db, input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/colors/{colorId}', tags, protect: true } })
    .input(colorUpdateSchema)
    .output(colorRecordSchema)
    .mutation(({ ctx, input: { colorId, version, ...fields } }) => colorRecords.update(ctx.db, colorId, fields, version)),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/colors/{colorId}', tags, protect: true } })
    .input(colorIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => colorRecords.remove(ctx.db, input.colorId)),
});
