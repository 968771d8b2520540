import { advertisementIdSchema, advertisementListResponseSchema, advertisementSchema, advertisementUpdateSchema } from '../../../shared/schemas/content.js';
import { z } from '../../../shared/zod.js';
import { getAdvertisement, listAdvertisements, updateAdvertisement } from '../../services/content/advertisements.js';
import { adminProcedure, router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';

const tags = ['advertisements'];

export const advertisementsRouter = router({
  list: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/advertisements', tags, summary: 'Рекламные объявления' } })
    .input(z.object({}))
    .output(advertisementListResponseSchema)
    .query(({ ctx }) => listAdvertisements(ctx.readDb)),

  get: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/advertisements/{advertisementId}', tags } })
    .input(advertisementIdSchema)
    .output(advertisementSchema)
    .query(({ ctx, input }) => getAdvertisement(ctx.readDb, input.advertisementId)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/advertisements/{advertisementId}', tags, protect: true } })
    .input(advertisementUpdateSchema)
    .output(advertisementSchema)
    .mutation(({ ctx, input: { advertisementId, version, ...fields } }) => updateAdvertisement(ctx.db, advertisementId, fields, version)),
});
