import { newsIdSchema, newsInputSchema, newsListResponseSchema, newsListSchema, newsSchema, newsUpdateSchema, newsUrlSchema } from '../../../shared/schemas/content.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { createNews, deleteNews, getNews, getNewsByUrl, listNews, updateNews } from '../../services/content/news.js';
import { adminProcedure, router } from '../../trpc.js';
import { replicaReadProcedure } from '../replica-reads.js';

const tags = ['news'];

export const newsRouter = router({
  list: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/news', tags, summary: 'Новости: список (без текста), новые первыми' } })
    .input(newsListSchema)
    .output(newsListResponseSchema)
    .query(({ ctx, input }) => listNews(ctx.readDb, input)),

  get: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/news/{newsId}', tags } })
    .input(newsIdSchema)
    .output(newsSchema)
    .query(({ ctx, input }) => getNews(ctx.readDb, input.newsId)),

  byUrl: replicaReadProcedure
    .meta({ openapi: { method: 'GET', path: '/news/by-url/{url}', tags } })
    .input(newsUrlSchema)
    .output(newsSchema)
    .query(({ ctx, input }) => getNewsByUrl(ctx.readDb, input.url)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/news', tags, protect: true, summary: 'Создать новость (HTML текста очищается по списку разрешённого)' } })
    .input(newsInputSchema)
    .output(newsSchema)
    .mutation(({ ctx, input }) => createNews(ctx.db, input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/news/{newsId}', tags, protect: true } })
    .input(newsUpdateSchema)
    .output(newsSchema)
    .mutation(({ ctx, input: { newsId, version, ...fields } }) => updateNews(ctx.db, newsId, fields, version)),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/news/{newsId}', tags, protect: true } })
    .input(newsIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteNews(ctx.db, input.newsId)),
});
