import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { Slide, slideInputSchema } from '../../../shared/schemas/content.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { assertImagesExist } from './images.js';

type SlideFields = z.output<typeof slideInputSchema>;
const columns = ['id', 'image', 'link', 'title', 'subtitle', 'buttonText', 'position'] as const;

/** The banner's slides in the order they are shown. */
export async function listSlides(db: Db): Promise<{ rows: Slide[]; length: number }> {
  const rows = await db.selectFrom('slides').select(columns).orderBy('position').orderBy('id').execute();
  return { rows, length: rows.length };
}

export async function getSlide(db: Db, id: number): Promise<Slide> {
  const row = await db.selectFrom('slides').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return row;
}

/** Adds one slide at the end of the list. */
export function addSlide(db: Db, input: SlideFields): Promise<Slide> {
  return inTransaction(db, async (trx) => {
    await assertImagesExist(trx, [input.image]);
    // Two additions at once must not take the same position: the list is locked while counting.
    await trx.selectFrom('slides').select('id').forUpdate().execute();
    const last = await trx.selectFrom('slides').select((eb) => eb.fn.max<number | null>('position').as('position')).executeTakeFirst();
    return trx
      .insertInto('slides')
      .values({ ...input, position: (last?.position ?? -1) + 1 })
      .returning(columns)
      .executeTakeFirstOrThrow();
  });
}

/** The admin saves the whole list at once; it replaces the old one in one transaction. */
export function replaceSlides(db: Db, slides: readonly SlideFields[]): Promise<{ rows: Slide[]; length: number }> {
  return inTransaction(db, async (trx) => {
    await assertImagesExist(trx, slides.map((slide) => slide.image));
    await trx.deleteFrom('slides').execute();
    const rows = slides.length
      ? await trx
          .insertInto('slides')
          .values(slides.map((slide, position) => ({ ...slide, position })))
          .returning(columns)
          .execute()
      : [];
    rows.sort((a, b) => a.position - b.position);
    return { rows, length: rows.length };
  });
}
