import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { domainMessages } from '../../../shared/errors.js';
import type { Db } from '../../db/connection.js';

/**
 * Review photos come through the shop's one upload route (rest/media.ts) and are attached by
 * name. A shopper may attach only images they uploaded themselves; a moderator editing a review
 * may keep or use any image of the library. Names already on the review stay allowed.
 */
export async function assertPhotosAllowed(
  db: Db,
  names: readonly string[],
  options: { uploaderId: number; moderator: boolean; alreadyAttached?: readonly string[] },
): Promise<void> {
  const added = names.filter((name) => !options.alreadyAttached?.includes(name));
  if (!added.length) return;
  let query = db.selectFrom('images').select('name').where('name', 'in', added);
  if (!options.moderator) query = query.where('uploadedBy', '=', options.uploaderId);
  const found = new Set((await query.execute()).map((row) => row.name));
  const missing = added.filter((name) => !found.has(name));
  if (missing.length) throw new TRPCError({ code: 'BAD_REQUEST', message: `${domainMessages.photoNotYours}: ${missing.join(', ')}` });
}

/**
 * The daily upload quota of a signed-in shopper (Admins have none): counted over the last 24
 * hours from `images.uploaded_by`. Inside the upload's transaction the user's uploads are
 * serialised by an advisory lock, so two parallel uploads cannot both fit the last free place.
 */
export async function assertUploadQuota(db: Db, userId: number, adding: number, perDay: number, lock: boolean): Promise<void> {
  if (lock) await sql`select pg_advisory_xact_lock(hashtext('image-uploads'), ${userId})`.execute(db);
  const row = await db
    .selectFrom('images')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('uploadedBy', '=', userId)
    .where('createdAt', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  if (row.n + adding > perDay) {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: `${domainMessages.uploadQuota} ${perDay} в сутки.` });
  }
}
