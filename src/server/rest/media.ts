import fastifyMultipart from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { domainMessages, messageForStatus, statusMessages } from '../../shared/errors.js';
import { imageNameSchema, uploadResponseSchema } from '../../shared/schemas/media.js';
import { rawRouteErrors } from './openapi-document.js';
import { contextFactory, type AppServices } from '../context.js';
import { NotAnImageError } from '../services/media/encode.js';
import { chooseWidth, encodeUpload, storeEncoded, type ImageToStore, type Uploader } from '../services/media/library.js';
import { assertUploadQuota } from '../services/reviews/photos.js';
import { closeImageStore, imageStoreFor } from '../services/media/configured-store.js';
import { startOrphanSweep } from '../services/media/orphans.js';
import { ObjectStoreUnavailable } from '../services/media/s3-store.js';
import { restError, retryAfterSeconds } from '../http/error-shape.js';
import { imageBlobKey } from '../services/media/store.js';
import { WorkQueue } from '../services/platform/work-queue.js';

/** Files per upload request; each is held in memory while it is encoded. */
const maxFilesPerUpload = 10;

/**
 * Uploads read and stored at the same time, per process. The others wait before reading their
 * body, which stays with the client meanwhile (TCP back-pressure), so memory is bounded by two
 * uploads' files whatever the number of clients.
 */
const uploads = new WorkQueue(2);

const widthQuerySchema = z.coerce.number().int().min(1).max(10_000).optional();

class UploadRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function refuse(reply: FastifyReply, statusCode: number, message: string = messageForStatus(statusCode)) {
  return reply.code(statusCode).type('application/json').send(restError(statusCode, message));
}

/** The same rule as adminProcedure: a valid token, and the role read again from the database. */
export async function adminProblem(services: AppServices, request: FastifyRequest): Promise<{ status: number; message: string } | null> {
  const context = await contextFactory(services)({ req: request });
  if (!context.user) {
    return { status: 401, message: context.tokenProblem === 'expired' ? domainMessages.sessionExpired : statusMessages[401]! };
  }
  const row = await services.db.selectFrom('users').select('role').where('id', '=', context.user.id).executeTakeFirst();
  return row?.role === 'Admin' ? null : { status: 403, message: statusMessages[403]! };
}

/**
 * Who may upload: any signed-in user (review photos), the role read again from the database. An
 * Admin uploads without limit; anyone else within `photosPerUserPerDay` images a day.
 */
async function uploaderOf(services: AppServices, request: FastifyRequest): Promise<Uploader | { status: number; message: string }> {
  const context = await contextFactory(services)({ req: request });
  if (!context.user) {
    return { status: 401, message: context.tokenProblem === 'expired' ? domainMessages.sessionExpired : statusMessages[401]! };
  }
  const row = await services.db.selectFrom('users').select('role').where('id', '=', context.user.id).executeTakeFirst();
  if (!row) return { status: 401, message: statusMessages[401]! };
  return { userId: context.user.id, quotaPerDay: row.role === 'Admin' ? undefined : services.config.photosPerUserPerDay };
}

/** The bucket did not answer: 503 with Retry-After, as when the database does not. */
function storeUnavailable(request: FastifyRequest, reply: FastifyReply, error: ObjectStoreUnavailable) {
  request.log.warn({ err: error }, 'object store unavailable');
  reply.header('retry-after', String(retryAfterSeconds));
  return refuse(reply, 503, domainMessages.databaseUnavailable);
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Reads the files of a multipart body one by one, each encoded as soon as it has arrived. */
async function readAndEncodeFiles(request: FastifyRequest, maxUploadBytes: number): Promise<ImageToStore[]> {
  const files: ImageToStore[] = [];
  const megabytes = Math.round((maxUploadBytes / 1024 / 1024) * 10) / 10;
  let current = '';
  try {
    for await (const part of request.files()) {
      current = part.filename;
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      files.push(await encodeUpload({ originalName: part.filename, bytes }));
    }
  } catch (error) {
    if (error instanceof NotAnImageError) throw error;
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new UploadRefusal(413, `${domainMessages.imageTooLarge}: ${current}. Наибольший размер — ${megabytes} МБ.`);
    }
    if (code === 'FST_FILES_LIMIT') throw new UploadRefusal(413, `${domainMessages.tooManyFiles}: не больше ${maxFilesPerUpload}.`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new UploadRefusal(400, domainMessages.noImageFiles);
    }
    // Anything else here is a broken or interrupted body (busboy's parse errors, a premature close).
    request.log.info({ err: error }, 'Unreadable multipart upload');
    throw new UploadRefusal(400, statusMessages[400]!);
  }
  return files;
}

/**
 * The two routes that are not procedures (docs/media.md): the multipart upload and
 * the image bytes. Registered inside the REST plugin, so failures have its `{ statusCode, message }`
 * shape; listing and deleting are procedures in routers/media.
 */
export function imageRoutes(services: AppServices): FastifyPluginAsync {
  const store = imageStoreFor(services.config);
  const { db } = services;

  return async (app: FastifyInstance) => {
    // An object store's connections and its hourly sweep of unreferenced objects live as long as the app.
    const sweep = startOrphanSweep({ db, store, log: app.log });
    app.addHook('onClose', async () => {
      await sweep.stop();
      await closeImageStore(services.config);
    });

    await app.register(fastifyMultipart, {
      limits: { fileSize: services.config.maxUploadBytes, files: maxFilesPerUpload, fields: 20, parts: 40 },
    });

    app.post('/api/images', async (request, reply) => {
      const uploader = await uploaderOf(services, request);
      if ('status' in uploader) return refuse(reply, uploader.status, uploader.message);
      if (!request.isMultipart()) return refuse(reply, 400, domainMessages.noImageFiles);
      try {
        // A shopper past the quota is refused before the body is read.
        if (uploader.quotaPerDay !== undefined) await assertUploadQuota(db, uploader.userId, 1, uploader.quotaPerDay, false);
        const names = await uploads.run(async () => {
          const files = await readAndEncodeFiles(request, services.config.maxUploadBytes);
          return files.length ? storeEncoded(db, store, files, uploader) : null;
        });
        if (!names) return refuse(reply, 400, domainMessages.noImageFiles);
        return reply.send(names);
      } catch (error) {
        if (error instanceof UploadRefusal) return refuse(reply, error.statusCode, error.message);
        if (error instanceof NotAnImageError) return refuse(reply, 415, `${domainMessages.notAnImage}: ${error.fileName}`);
        if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS') return refuse(reply, 429, error.message);
        if (error instanceof ObjectStoreUnavailable) return storeUnavailable(request, reply, error);
        throw error;
      }
    });

    app.get<{ Params: { fileName: string }; Querystring: { w?: string } }>('/api/images/:fileName', async (request, reply) => {
      const name = imageNameSchema.safeParse(request.params.fileName);
      const width = widthQuerySchema.safeParse(request.query.w);
      if (!name.success || !width.success) return refuse(reply, 400);
      const served = await chooseWidth(db, name.data, width.data);
      if (!served) return refuse(reply, 404);

      // The name is never reused and the bytes under it never change: cache for a year (only
      // answers carrying them: a refusal, 503 when the bucket is unreachable, is not cached).
      const etag = `"${served.etag}"`;
      const cacheable = () => reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff');
      if (matchesEtag(request.headers['if-none-match'], etag)) return cacheable().code(304).send();

      // The database store gives the bytes, an object store a stream passed on as it arrives
      // (memory stays bounded whatever the number of readers); the length is the metadata's.
      const bytes = await store.get(db, imageBlobKey(name.data, served.width)).catch((error: unknown) => {
        if (error instanceof ObjectStoreUnavailable) return error;
        throw error;
      });
      if (bytes instanceof ObjectStoreUnavailable) return storeUnavailable(request, reply, bytes);
      if (!bytes) return refuse(reply, 404);
      cacheable();
      if (!Buffer.isBuffer(bytes)) reply.header('content-length', served.size);
      return reply.type('image/webp').send(bytes);
    });
  };
}

/** If-None-Match compares weakly (RFC 9110): `W/"x"` matches `"x"`; `*` matches anything. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** The raw routes in /api/openapi.json, next to the generated ones. */
export const imageRoutesOpenApi: ZodOpenApiPathsObject = {
  '/images': {
    post: {
      operationId: 'media-images-upload',
      tags: ['images'],
      summary: 'Загрузить изображения (multipart, поле files)',
      description:
        'Администратор загружает без ограничений; другие вошедшие пользователи (фотографии к отзывам) — не больше PHOTOS_PER_USER_PER_DAY (30) файлов за 24 часа, сверх — 429. ' +
        'Принимаются JPEG, PNG, WebP, GIF и AVIF (тип определяется по содержимому; SVG не принимается). ' +
        'Каждый файл перекодируется в WebP нескольких ширин без метаданных. Ответ — имена сохранённых файлов в порядке отправки. ' +
        'Если хотя бы один файл отклонён, не сохраняется ни один.',
      security: [{ Authorization: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({ files: z.array(z.string().meta({ format: 'binary' })) }),
          },
        },
      },
      responses: {
        '200': { description: 'Имена сохранённых файлов', content: { 'application/json': { schema: uploadResponseSchema } } },
        ...rawRouteErrors([400, 401, 403, 413, 415, 429]),
      },
    },
  },
  '/images/{fileName}': {
    get: {
      operationId: 'media-images-file',
      tags: ['images'],
      summary: 'Изображение (WebP)',
      security: [],
      description:
        'Байты изображения в WebP. `w` выбирает ширину: наименьшую сохранённую не уже запрошенной, иначе самую широкую. ' +
        'Ответ несёт сильный ETag и `Cache-Control: public, max-age=31536000, immutable`; `If-None-Match` даёт 304.',
      requestParams: {
        path: z.object({ fileName: imageNameSchema }),
        query: z.object({ w: z.number().int().min(1).max(10_000).optional() }),
      },
      responses: {
        '200': { description: 'Изображение', content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } } },
        '304': { description: 'Не изменилось (If-None-Match)' },
        ...rawRouteErrors([400, 404, 429]),
      },
    },
  },
};
