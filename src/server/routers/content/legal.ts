import { legalPageListResponseSchema, legalPageSchema, legalPageUpdateSchema, legalSlugInputSchema } from '../../../shared/schemas/legal.js';
import { z } from '../../../shared/zod.js';
import { getLegalPage, listLegalPages, updateLegalPage } from '../../services/content/legal-pages.js';
import { adminProcedure, router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';

const tags = ['legal-pages'];

/** The legal pages (docs/legal.md): read by anyone, edited by the Admin. */
export const legalRouter = router({
  list: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/legal-pages', tags, summary: 'Правовые страницы: список (без текста)' } })
    .input(z.object({}))
    .output(legalPageListResponseSchema)
    .query(({ ctx }) => listLegalPages(ctx.readDb)),

  get: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/legal-pages/{slug}', tags, summary: 'Правовая страница: privacy, offer, delivery или returns' } })
    .input(legalSlugInputSchema)
    .output(legalPageSchema)
    .query(({ ctx, input }) => getLegalPage(ctx.readDb, input.slug)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/legal-pages/{slug}', tags, protect: true, summary: 'Изменить правовую страницу (HTML текста очищается, версия растёт)' } })
    .input(legalPageUpdateSchema)
    .output(legalPageSchema)
    .mutation(({ ctx, input: { slug, version, ...fields } }) => updateLegalPage(ctx.db, slug, fields, ctx.user.id, version)),
});
