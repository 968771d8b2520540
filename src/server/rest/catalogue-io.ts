import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { importPreviewSchema } from '../../shared/schemas/catalogue-io.js';
import type { AppServices } from '../context.js';
import { restError } from '../http/error-shape.js';
import { currentFeed } from '../services/catalogue/feed/cache.js';
import { exportCatalogueCsv, exportCsvFileName } from '../services/catalogue/io/export.js';
import { catalogueImports } from '../services/catalogue/io/jobs.js';
import { contextFactory } from '../context.js';
import { adminProblem } from './media.js';
import { matchesEtag } from './media.js';
import { rawRouteErrors } from './openapi-document.js';

/** The largest CSV file an import takes (50 000 rows of about 300 bytes, with room). */
export const importFileLimit = 32 * 1024 * 1024;

const refuse = (reply: FastifyReply, problem: { status: number; message: string }) =>
  reply.code(problem.status).type('application/json').send(restError(problem.status, problem.message));

function notModifiedSince(header: string | undefined, lastModified: Date): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  return !Number.isNaN(since) && lastModified.getTime() <= since;
}

/**
 * The catalogue's file routes (docs/catalogue-import.md): the CSV export and upload (Admin), and
 * the public YML feed. Applying a checked upload and its progress are procedures
 * (routers/catalogue/imports.ts).
 */
export function catalogueFileRoutes(services: AppServices): FastifyPluginAsync {
  return (app: FastifyInstance) => {
    app.addContentTypeParser(['text/csv', 'text/plain', 'application/octet-stream'], { parseAs: 'string', bodyLimit: importFileLimit }, (_request, body, done) => done(null, body));
    catalogueImports(services.db).log = app.log;
    app.addHook('onClose', () => catalogueImports(services.db).settle());

    app.get('/api/products/export.csv', async (request, reply) => {
      const problem = await adminProblem(services, request);
      if (problem) return refuse(reply, problem);
      const csv = await exportCatalogueCsv(services.db);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${exportCsvFileName()}"`)
        .send(csv);
    });

    app.post('/api/products/imports', { bodyLimit: importFileLimit }, async (request, reply) => {
      const problem = await adminProblem(services, request);
      if (problem) return refuse(reply, problem);
      if (typeof request.body !== 'string') return refuse(reply, { status: 415, message: 'Пришлите CSV-файл с заголовком Content-Type: text/csv' });
      const { user } = await contextFactory(services)({ req: request });
      return reply.send(await catalogueImports(services.db).check(user!.id, request.body));
    });

    app.get('/api/feeds/yandex.yml', async (request, reply) => {
      const feed = await currentFeed(services.db, { publicUrl: services.config.publicUrl, ...services.config.feed });
      reply
        .header('etag', feed.etag)
        .header('last-modified', feed.lastModified.toUTCString())
        .header('cache-control', 'public, max-age=0, must-revalidate');
      const unchanged = request.headers['if-none-match'] !== undefined ? matchesEtag(request.headers['if-none-match'], feed.etag) : notModifiedSince(request.headers['if-modified-since'], feed.lastModified);
      if (unchanged) return reply.code(304).send();
      return reply.type('application/xml; charset=utf-8').send(feed.body);
    });
    return Promise.resolve();
  };
}

export const catalogueFileRoutesOpenApi: ZodOpenApiPathsObject = {
  '/products/export.csv': {
    get: {
      operationId: 'catalogue-products-export-csv',
      tags: ['products'],
      summary: 'Выгрузка каталога в CSV: строка на позицию (цвет × размер), «;», UTF-8 с BOM',
      description: 'Только для администратора. Формат колонок — docs/catalogue-import.md; тот же файл принимает POST /products/imports.',
      security: [{ Authorization: [] }],
      responses: {
        '200': { description: 'CSV-файл', content: { 'text/csv': { schema: z.string() } } },
        ...rawRouteErrors([400, 401, 403, 429]),
      },
    },
  },
  '/products/imports': {
    post: {
      operationId: 'catalogue-products-import-check',
      tags: ['products'],
      summary: 'Проверить CSV-файл каталога: проблемы каждой строки, ничего не записывается',
      description: 'Только для администратора. Тело — файл (Content-Type: text/csv). Без проблем ответ несёт importId для POST /products/imports/{importId}/apply.',
      security: [{ Authorization: [] }],
      requestBody: { content: { 'text/csv': { schema: z.string() } } },
      responses: {
        '200': { description: 'Итог проверки', content: { 'application/json': { schema: importPreviewSchema } } },
        ...rawRouteErrors([400, 401, 403, 413, 415, 429]),
      },
    },
  },
  '/feeds/yandex.yml': {
    get: {
      operationId: 'catalogue-feed-yandex-yml',
      tags: ['products'],
      summary: 'YML-фид для Яндекс Маркета и агрегаторов: каждая позиция в наличии',
      security: [],
      description: 'Открыт всем. ETag и Last-Modified; If-None-Match / If-Modified-Since дают 304. Пересобирается после изменений каталога при первом запросе.',
      responses: {
        '200': { description: 'Документ YML', content: { 'application/xml': { schema: z.string() } } },
        '304': { description: 'Не изменился' },
        ...rawRouteErrors([400, 429]),
      },
    },
  },
};
