import { sql } from 'kysely';
import type { z } from 'zod';
import { okSchema } from '../../../shared/schemas/common.js';
import {
  imageFileNameSchema,
  imageListResponseSchema,
  imageListSchema,
  type ImageInfo,
} from '../../../shared/schemas/media.js';
import { imageUrl } from '../../../shared/media.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { deleteImage } from '../../services/media/library.js';
import { imageStoreFor } from '../../services/media/configured-store.js';
import { adminProcedure, router } from '../../trpc.js';

const tags = ['images'];

/** The image library, newest first, filtered by name, original name, type and size. */
export async function listImages(db: Db, input: z.output<typeof imageListSchema>): Promise<{ rows: ImageInfo[]; length: number }> {
  let filtered = db.selectFrom('images');
  if (input.filename) filtered = filtered.where('name', 'ilike', containsPattern(input.filename));
  if (input.originalName) filtered = filtered.where('originalName', 'ilike', containsPattern(input.originalName));
  if (input.mimeType) filtered = filtered.where('mimeType', '=', input.mimeType);
  if (input.size !== undefined) filtered = filtered.where('size', '=', input.size);
  if (input.names) filtered = filtered.where('name', 'in', input.names);
  const [rows, total] = await Promise.all([
    filtered
      .select(['name', 'originalName', 'mimeType', 'size', 'width', 'height', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('name')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    filtered.select(sql<number>`count(*)::int`.as('length')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, url: imageUrl(row.name), createdAt: row.createdAt.toISOString() })),
    length: total.length,
  };
}

/**
 * The image library. Uploading (multipart) and serving the bytes are raw routes in
 * src/server/rest/media.ts; listing and deleting are procedures like any other.
 */
export const imagesRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/images', tags, protect: true, summary: 'Изображения: список с фильтрами' } })
    .input(imageListSchema)
    .output(imageListResponseSchema)
    .query(({ ctx, input }) => listImages(ctx.db, input)),

  delete: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/images/{fileName}',
        tags,
        protect: true,
        summary: 'Удалить изображение (отказ 409, если оно используется)',
      },
    })
    .input(imageFileNameSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteImage(ctx.db, imageStoreFor(ctx.config), input.fileName);
      return { ok: true as const };
    }),
});
