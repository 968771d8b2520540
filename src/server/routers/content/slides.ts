import { slideIdSchema, slideInputSchema, slideListResponseSchema, slideReplaceSchema, slideSchema } from '../../../shared/schemas/content.js';
import { z } from '../../../shared/zod.js';
import { addSlide, getSlide, listSlides, replaceSlides } from '../../services/content/slides.js';
import { adminProcedure, router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';

const tags = ['slides'];

export const slidesRouter = router({
  list: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/slides', tags, summary: 'Слайды баннера главной страницы, по порядку' } })
    .input(z.object({}))
    .output(slideListResponseSchema)
    .query(({ ctx }) => listSlides(ctx.readDb)),

  get: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/slides/{slideId}', tags } })
    .input(slideIdSchema)
    .output(slideSchema)
    .query(({ ctx, input }) => getSlide(ctx.readDb, input.slideId)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/slides', tags, protect: true, summary: 'Добавить слайд в конец списка' } })
    .input(slideInputSchema)
    .output(slideSchema)
    .mutation(({ ctx, input }) => addSlide(ctx.db, input)),

  replace: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/slides', tags, protect: true, summary: 'Заменить весь список слайдов (в одной транзакции)' } })
    .input(slideReplaceSchema)
    .output(slideListResponseSchema)
    .mutation(({ ctx, input }) => replaceSlides(ctx.db, input.slides)),
});
