import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { Advertisement, advertisementInputSchema } from '../../../shared/schemas/content.js';
import type { Db } from '../../db/connection.js';
import { missingOrStale, nextVersion, sameVersion } from '../platform/versioned.js';

const columns = ['id', 'title', 'description', 'version'] as const;

export async function listAdvertisements(db: Db): Promise<{ rows: Advertisement[]; length: number }> {
  const rows = await db.selectFrom('advertisements').select(columns).orderBy('id').execute();
  return { rows, length: rows.length };
}

export async function getAdvertisement(db: Db, id: number): Promise<Advertisement> {
  const row = await db.selectFrom('advertisements').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return row;
}

export async function updateAdvertisement(db: Db, id: number, input: z.output<typeof advertisementInputSchema>, version?: number): Promise<Advertisement> {
  const row = await db
    .updateTable('advertisements')
    .set({ ...input, version: nextVersion })
    .where('id', '=', id)
    .where(sameVersion(version))
    .returning(columns)
    .executeTakeFirst();
  if (!row) throw await missingOrStale(db, 'advertisements', id);
  return row;
}
