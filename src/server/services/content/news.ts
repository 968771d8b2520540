import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { News, NewsCard, newsInputSchema, newsListSchema } from '../../../shared/schemas/content.js';
import type { Db } from '../../db/connection.js';
import { containsPattern } from '../../db/like.js';
import { inTransaction } from '../../db/transaction.js';
import { missingOrStale, nextVersion, sameVersion } from '../platform/versioned.js';
import { assertImagesExist } from './images.js';
import { sanitizeNewsBody } from './sanitize.js';

type NewsFields = z.output<typeof newsInputSchema>;
const cardColumns = ['id', 'title', 'url', 'excerpt', 'image', 'showOnMain', 'createdAt', 'updatedAt'] as const;
const columns = [...cardColumns, 'body', 'version'] as const;

/** Image names a body shows (`/api/images/<name>`), so the in-use rule and the check see them. */
export function bodyImages(body: string): string[] {
  return [...body.matchAll(/\/api\/images\/([0-9a-f]{32}\.webp)/g)].map((match) => match[1]!);
}

export async function listNews(db: Db, input: z.output<typeof newsListSchema>): Promise<{ rows: NewsCard[]; length: number }> {
  let filtered = db.selectFrom('news');
  if (input.title) filtered = filtered.where('title', 'ilike', containsPattern(input.title));
  if (input.showOnMain !== undefined) filtered = filtered.where('showOnMain', '=', input.showOnMain);
  const [rows, total] = await Promise.all([
    filtered.select(cardColumns).orderBy(input.sortBy, input.orderBy).orderBy('id', input.orderBy).limit(input.limit).offset(input.offset).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('length')).executeTakeFirstOrThrow(),
  ]);
  return { rows, length: Number(total.length) };
}

export async function getNews(db: Db, id: number): Promise<News> {
  const row = await db.selectFrom('news').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return row;
}

export async function getNewsByUrl(db: Db, url: string): Promise<News> {
  const row = await db.selectFrom('news').select(columns).where('url', '=', url).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return row;
}

/** The body is sanitised here, on every write: what is stored is exactly what is served. */
function cleaned(input: NewsFields): NewsFields {
  return { ...input, body: sanitizeNewsBody(input.body) };
}

export function createNews(db: Db, input: NewsFields): Promise<News> {
  const values = cleaned(input);
  return inTransaction(db, async (trx) => {
    await assertImagesExist(trx, [values.image, ...bodyImages(values.body)]);
    return trx.insertInto('news').values(values).returning(columns).executeTakeFirstOrThrow();
  });
}

export function updateNews(db: Db, id: number, input: NewsFields, version?: number): Promise<News> {
  const values = cleaned(input);
  return inTransaction(db, async (trx) => {
    await assertImagesExist(trx, [values.image, ...bodyImages(values.body)]);
    const row = await trx
      .updateTable('news')
      .set({ ...values, version: nextVersion, updatedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .where(sameVersion(version))
      .returning(columns)
      .executeTakeFirst();
    if (!row) throw await missingOrStale(trx, 'news', id);
    return row;
  });
}

export async function deleteNews(db: Db, id: number): Promise<{ ok: true }> {
  const result = await db.deleteFrom('news').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
  return { ok: true };
}
