import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Scanner, scannerInputSchema, scannerListSchema } from '../../../shared/schemas/content.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { missingOrStale, nextVersion, sameVersion } from '../platform/versioned.js';

type ScannerFields = z.output<typeof scannerInputSchema>;
const columns = ['id', 'qrCode', 'title', 'tags', 'checkCount', 'lastCheckedAt', 'createdAt', 'version'] as const;

/** 120 random bits in 20 base64url characters: codes on the goods cannot be guessed from one another. */
export function newQrCode(): string {
  return randomBytes(15).toString('base64url');
}

const uniqueTags = (tags: readonly string[]) => [...new Set(tags)];

/** Records carrying any of the tags (none given: all), sorted and paged. */
export async function listScanners(db: Db, input: z.output<typeof scannerListSchema>): Promise<{ rows: Scanner[]; length: number }> {
  let filtered = db.selectFrom('scanners');
  if (input.tags?.length) filtered = filtered.where('tags', '&&', sql<string[]>`${sql.val(input.tags)}::text[]`);
  const [rows, total] = await Promise.all([
    filtered.select(columns).orderBy(input.sortBy, input.orderBy).orderBy('id', input.orderBy).limit(input.limit).offset(input.offset).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('length')).executeTakeFirstOrThrow(),
  ]);
  return { rows, length: Number(total.length) };
}

export async function getScanner(db: Db, id: number): Promise<Scanner> {
  const row = await db.selectFrom('scanners').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND' });
  return row;
}

export function createScanner(db: Db, input: ScannerFields): Promise<Scanner> {
  return db
    .insertInto('scanners')
    .values({ qrCode: input.qrCode ?? newQrCode(), title: input.title, tags: uniqueTags(input.tags) })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function updateScanner(db: Db, id: number, input: ScannerFields, version?: number): Promise<Scanner> {
  const row = await db
    .updateTable('scanners')
    .set({ ...(input.qrCode ? { qrCode: input.qrCode } : {}), title: input.title, tags: uniqueTags(input.tags), version: nextVersion })
    .where('id', '=', id)
    .where(sameVersion(version))
    .returning(columns)
    .executeTakeFirst();
  if (!row) throw await missingOrStale(db, 'scanners', id);
  return row;
}

export async function deleteScanner(db: Db, id: number): Promise<{ ok: true }> {
  const result = await db.deleteFrom('scanners').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new TRPCError({ code: 'NOT_FOUND' });
  return { ok: true };
}

/**
 * The public check page: counts this check and answers whether the code is one of the shop's and
 * how many times it has been checked. It never tells anything about other codes.
 */
export async function checkQrCode(db: Db, code: string): Promise<{ genuine: boolean; checks: number; title: string; firstCheck: boolean }> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('scanners')
      .set({ checkCount: sql<number>`check_count + 1`, lastCheckedAt: sql<Date>`now()` })
      .where('qrCode', '=', code)
      .returning(['checkCount', 'title'])
      .executeTakeFirst();
    if (!row) return { genuine: false, checks: 0, title: '', firstCheck: false };
    return { genuine: true, checks: row.checkCount, title: row.title, firstCheck: row.checkCount === 1 };
  });
}
