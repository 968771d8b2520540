import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { domainMessages } from '../../../shared/errors.js';
import { maxStripPhotos, type SizeFit } from '../../../shared/schemas/reviews-rich.js';
import type { Db } from '../../db/connection.js';

/**
 * The richer parts of a review (docs/reviews.md): pros, cons and the size fit as written, the
 * rule that a size fit needs a product with sizes, and the product page's strip of customers' photos.
 */

interface RichInput {
  pros?: string | null | undefined;
  cons?: string | null | undefined;
  sizeFit?: SizeFit | null | undefined;
}

/** The columns to write: only the fields given; an empty text is stored as null (no pros). */
export function richColumns(input: RichInput): { pros?: string | null; cons?: string | null; sizeFit?: SizeFit | null } {
  return {
    ...(input.pros !== undefined ? { pros: input.pros || null } : {}),
    ...(input.cons !== undefined ? { cons: input.cons || null } : {}),
    ...(input.sizeFit !== undefined ? { sizeFit: input.sizeFit } : {}),
  };
}

export function richChanged(input: RichInput): boolean {
  return input.pros !== undefined || input.cons !== undefined || input.sizeFit !== undefined;
}

/** A product has sizes when some size is assigned to it (`product_sizes`). */
export async function hasSizes(db: Db, productId: number): Promise<boolean> {
  const row = await db.selectFrom('productSizes').select('sizeId').where('productId', '=', productId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A size fit on a product without sizes is refused (400), not silently dropped: the shopper learns it. */
export async function assertSizeFitAllowed(db: Db, productId: number, sizeFit: SizeFit | null | undefined): Promise<void> {
  if (sizeFit === undefined || sizeFit === null) return;
  if (!(await hasSizes(db, productId))) throw new TRPCError({ code: 'BAD_REQUEST', message: domainMessages.sizeFitWithoutSizes });
}

/** The customers' photos of a product: approved reviews only, newest review first, each review's photos in order; one statement. */
export async function reviewPhotoStrip(db: Db, productId: number): Promise<Array<{ reviewId: number; image: string }>> {
  const { rows } = await sql<{ reviewId: number; image: string }>`
    select r.id as review_id, photo.name as image
      from reviews r
      cross join lateral unnest(r.images) with ordinality as photo (name, position)
     where r.product_id = ${productId} and r.moderation_status = 'approved' and cardinality(r.images) > 0
     order by r.created_at desc, r.id desc, photo.position
     limit ${maxStripPhotos}`.execute(db);
  return rows;
}
