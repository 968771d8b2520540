import { TRPCError } from '@trpc/server';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { statusMessages } from '../../../shared/errors.js';
import type { Review, ReviewListInput, reviewSummarySchema } from '../../../shared/schemas/reviews.js';
import type { z } from '../../../shared/zod.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { UsersTable } from '../../db/tables/accounts.js';
import type { ReviewsTable, SizeFit } from '../../db/tables/reviews.js';
import { decodeCursor, nextCursorOf, type Cursor } from '../platform/cursor.js';
import { notFound } from './access.js';
import { visibleTo, type ModerationFilter } from './visibility.js';
import { listedKinds, listedPage, theOnly, toListed, type ListedJson } from './listed.js';

type Filters = Pick<ReviewListInput, 'productId' | 'userId' | 'showOnMain' | 'rating' | 'withPhotos' | 'moderation'> & { reviewId?: number; callerId: number };
type ReviewSummary = z.infer<typeof reviewSummarySchema>;
type WithReviews = Database & { r: ReviewsTable; u: UsersTable };

function matching(eb: ExpressionBuilder<WithReviews, 'r'>, filters: Filters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.reviewId !== undefined) conditions.push(eb('r.id', '=', filters.reviewId));
  if (filters.productId !== undefined) conditions.push(eb('r.productId', '=', filters.productId));
  if (filters.userId !== undefined) conditions.push(eb('r.userId', '=', filters.userId));
  if (filters.showOnMain !== undefined) conditions.push(eb('r.showOnMain', '=', filters.showOnMain));
  if (filters.rating !== undefined) conditions.push(eb('r.rating', '=', filters.rating));
  if (filters.withPhotos === true) conditions.push(sql<SqlBool>`cardinality(r.images) > 0`);
  const visible = visibleTo('r', filters.moderation, filters.callerId);
  if (visible) conditions.push(visible);
  return eb.and(conditions);
}

interface ReviewJson extends ListedJson {
  rating: number;
  text: string;
  images: string[];
  pros: string | null;
  cons: string | null;
  sizeFit: SizeFit | null;
  showOnMain: boolean;
}

/**
 * GET /reviews: the page and the total in one statement (listed.ts), newest first by default.
 * `moderation` must have been checked (visibility.ts): without it, approved reviews and the caller's own.
 */
export async function listReviews(
  db: Db,
  input: ReviewListInput & { reviewId?: number },
  callerId: number,
): Promise<{ rows: Review[]; length: number; nextCursor: string | null }> {
  const after = input.cursor === undefined ? null : cursorOf(input);
  const result = await listedPage(db, {
    kind: listedKinds.review,
    callerId,
    limit: input.limit,
    offset: input.offset,
    sort: input.sort,
    sorts: { ratingDesc: [sql.ref('r.rating'), 'desc'], ratingAsc: [sql.ref('r.rating'), 'asc'] },
    page: (eb) =>
      eb
        .selectFrom('reviews as r')
        .where((w) => matching(w, { ...input, callerId }))
        // Newest first: the rows after the cursor's (created at, id), at the database's own precision.
        .$if(after !== null, (q) => q.where(sql<SqlBool>`(r.created_at, r.id) < (${after?.value}::timestamptz, ${after?.id})`))
        .innerJoin('users as u', 'u.id', 'r.userId')
        .select(['r.rating', 'r.text', 'r.images', 'r.pros', 'r.cons', 'r.sizeFit', 'r.showOnMain']),
    all: (eb) => eb.selectFrom('reviews as r').where((w) => matching(w, { ...input, callerId })),
  });
  const raw = result.rows as ReviewJson[];
  const rows = raw.map((row) => toReview(row, input.merge === true));
  const nextCursor = input.sort === 'newest' ? nextCursorOf(raw, input.limit, (row) => row.createdAt) : null;
  return { rows, length: result.length, nextCursor };
}

/** A cursor walks the newest-first order only, and replaces offset. */
function cursorOf(input: ReviewListInput): Cursor {
  if (input.sort !== 'newest' || input.offset > 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${statusMessages[400]} cursor: только с sort=newest и без offset` });
  }
  return decodeCursor(input.cursor ?? '');
}

function toReview(row: ReviewJson, merge: boolean): Review {
  return toListed(row, { rating: row.rating, text: row.text, images: row.images, pros: row.pros, cons: row.cons, sizeFit: row.sizeFit, showOnMain: row.showOnMain }, merge);
}

/** One review: `moderation: 'all'` for moderators and for the caller that has just written it. */
export async function getReview(db: Db, reviewId: number, merge: boolean, callerId: number, moderation: ModerationFilter = undefined): Promise<Review> {
  const { rows } = await listReviews(db, { reviewId, merge, moderation, sort: 'newest', limit: 1, offset: 0 }, callerId);
  return theOnly(rows);
}

/** The product page's header of the reviews block: mean, count, the number of each star and the size fits (approved reviews). */
export async function reviewSummary(db: Db, productId: number): Promise<ReviewSummary> {
  const row = await db
    .selectFrom('products as p')
    .select((eb) => [
      'p.rating',
      'p.reviewCount',
      jsonArrayFrom(
        eb.selectFrom('reviews as r').select(['r.rating', sql<number>`count(*)::int`.as('n')]).whereRef('r.productId', '=', 'p.id').where('r.moderationStatus', '=', 'approved').groupBy('r.rating'),
      ).as('stars'),
      jsonArrayFrom(
        eb
          .selectFrom('reviews as r')
          .select(['r.sizeFit', sql<number>`count(*)::int`.as('n')])
          .whereRef('r.productId', '=', 'p.id')
          .where('r.moderationStatus', '=', 'approved')
          .where('r.sizeFit', 'is not', null)
          .groupBy('r.sizeFit'),
      ).as('fits'),
      eb.exists(eb.selectFrom('productSizes as ps').select('ps.sizeId').whereRef('ps.productId', '=', 'p.id')).as('sized'),
    ])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const distribution = [0, 0, 0, 0, 0];
  for (const star of row.stars) distribution[star.rating - 1] = star.n;
  const sizeFit = { sized: Boolean(row.sized), fits: 0, small: 0, large: 0 };
  for (const fit of row.fits) if (fit.sizeFit !== null) sizeFit[fit.sizeFit] = fit.n;
  return { rating: row.rating === null ? null : Math.round(row.rating * 100) / 100, count: row.reviewCount, distribution, sizeFit };
}
