import { TRPCError } from '@trpc/server';
import type { Db } from '../../db/connection.js';

/** A slide or a news post may only show an image of the library (400 otherwise). */
export async function assertImagesExist(db: Db, names: readonly (string | null)[]): Promise<void> {
  const wanted = [...new Set(names.filter((name): name is string => Boolean(name)))];
  if (!wanted.length) return;
  const found = await db.selectFrom('images').select('name').where('name', 'in', wanted).execute();
  const known = new Set(found.map((row) => row.name));
  const missing = wanted.filter((name) => !known.has(name));
  if (missing.length) throw new TRPCError({ code: 'BAD_REQUEST', message: `Изображение не найдено в библиотеке: ${missing.join(', ')}` });
}
