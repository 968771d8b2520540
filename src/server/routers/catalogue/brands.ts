import {
  brandIdSchema,
  brandInputSchema,
  brandListResponseSchema,
  brandListSchema,
  brandSchema,
  brandUpdateSchema,
} from '../../../shared/schemas/catalogue.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { adminProcedure, router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';
import { brandRecords, listBrands } from '../../services/catalogue/brands.js';

const tags = ['brands'];

export const brandsRouter = router({
  list: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/brands', tags, summary: 'Бренды: список с фильтрами' } })
    .input(brandListSchema)
    .output(brandListResponseSchema)
    .query(({ ctx, input }) => listBrands(ctx.readDb, input)),

  get: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/brands/{brandId}', tags } })
    .input(brandIdSchema)
    .output(brandSchema)
    .query(({ ctx, input }) => brandRecords.get(ctx.readDb, input.brandId)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/brands', tags, protect: true } })
    .input(brandInputSchema)
    .output(brandSchema)
    .mutation(({ ctx, input }) => brandRecords.create(ctx.db, input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/brands/{brandId}', tags, protect: true } })
    .input(brandUpdateSchema)
    .output(brandSchema)
    .mutation(({ ctx, input: { brandId, version, ...fields } }) => brandRecords.update(ctx.db, brandId, fields, version)),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/brands/{brandId}', tags, protect: true } })
    .input(brandIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => brandRecords.remove(ctx.db, input.brandId)),
});
