import { TRPCError } from '@trpc/server';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { statusMessages } from '../../../shared/errors.js';
import type { Review, ReviewListInput } from '../../../shared/schemas/reviews.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { UsersTable } from '../../db/tables/accounts.js';
import type { ReviewsTable } from '../../db/tables/reviews.js';
import { decodeCursor, nextCursorOf, type Cursor } from '../platform/cursor.js';
import { notFound } from './access.js';
import { commentKinds } from './comments.js';
import { isoDate, publicName, toComment, usefulness, type CommentJson, type MyReactionJson } from './list-parts.js';
import { reactionTargets } from './reactions.js';
import { commentThread, reactionColumns } from './threads.js';

type Filters = Pick<ReviewListInput, 'productId' | 'userId' | 'showOnMain' | 'rating'> & { reviewId?: number };
type WithReviews = Database & { r: ReviewsTable; u: UsersTable };

function matching(eb: ExpressionBuilder<WithReviews, 'r'>, filters: Filters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.reviewId !== undefined) conditions.push(eb('r.id', '=', filters.reviewId));
  if (filters.productId !== undefined) conditions.push(eb('r.productId', '=', filters.productId));
  if (filters.userId !== undefined) conditions.push(eb('r.userId', '=', filters.userId));
  if (filters.showOnMain !== undefined) conditions.push(eb('r.showOnMain', '=', filters.showOnMain));
  if (filters.rating !== undefined) conditions.push(eb('r.rating', '=', filters.rating));
  return eb.and(conditions);
}

interface ReviewJson {
  id: number;
  productId: number;
  userId: number;
  authorName: string;
  rating: number;
  text: string;
  images: string[];
  showOnMain: boolean;
  createdAt: string;
  updatedAt: string;
  likes: number;
  dislikes: number;
  myReaction: MyReactionJson | null;
  comments: CommentJson[];
  product: Review['product'];
}

/**
 * GET /reviews: one statement answers the page (each review with its author's public name, photos,
 * reaction counts, the caller's reaction and its comments with theirs) and the total.
 */
export async function listReviews(
  db: Db,
  input: ReviewListInput & { reviewId?: number },
  callerId: number,
): Promise<{ rows: Review[]; length: number; nextCursor: string | null }> {
  const target = reactionTargets.review;
  const after = input.cursor === undefined ? null : cursorOf(input);
  const result = await db
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('reviews as r')
          .where((w) => matching(w, input))
          // Newest first: the rows after the cursor's (created at, id), at the database's own precision.
          .$if(after !== null, (q) => q.where(sql<SqlBool>`(r.created_at, r.id) < (${after?.value}::timestamptz, ${after?.id})`))
          .innerJoin('users as u', 'u.id', 'r.userId')
          .select((inner) => [
            'r.id',
            'r.productId',
            'r.userId',
            publicName('u').as('authorName'),
            'r.rating',
            'r.text',
            'r.images',
            'r.showOnMain',
            'r.createdAt',
            'r.updatedAt',
            ...reactionColumns(target, 'r.id', callerId),
            commentThread(commentKinds.review, 'r.id', callerId).as('comments'),
            jsonObjectFrom(inner.selectFrom('products as p').select(['p.id', 'p.name', 'p.url', 'p.image']).whereRef('p.id', '=', 'r.productId')).as('product'),
          ])
          .$call((q) => {
            switch (input.sort) {
              case 'useful':
                return q.orderBy(usefulness(target, 'r.id'), 'desc');
              case 'ratingDesc':
                return q.orderBy('r.rating', 'desc');
              case 'ratingAsc':
                return q.orderBy('r.rating', 'asc');
              default:
                return q;
            }
          })
          .orderBy('r.createdAt', 'desc')
          .orderBy('r.id', 'desc')
          .limit(input.limit)
          .offset(input.offset),
      ).as('rows'),
      eb
        .selectFrom('reviews as r')
        .where((w) => matching(w, input))
        .select(sql<number>`count(*)::int`.as('n'))
        .as('length'),
    ])
    .executeTakeFirstOrThrow();
  const raw = result.rows as unknown as ReviewJson[];
  const rows = raw.map((row) => toReview(row, input.merge === true));
  const nextCursor = input.sort === 'newest' ? nextCursorOf(raw, input.limit, (row) => row.createdAt) : null;
  return { rows, length: result.length ?? 0, nextCursor };
}

/** A cursor walks the newest-first order only, and replaces offset. */
function cursorOf(input: ReviewListInput): Cursor {
  if (input.sort !== 'newest' || input.offset > 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${statusMessages[400]} cursor: только с sort=newest и без offset` });
  }
  return decodeCursor(input.cursor ?? '');
}

function toReview(row: ReviewJson, merge: boolean): Review {
  return {
    id: row.id,
    productId: row.productId,
    userId: row.userId,
    author: { id: row.userId, name: row.authorName },
    rating: row.rating,
    text: row.text,
    images: row.images,
    showOnMain: row.showOnMain,
    createdAt: isoDate(row.createdAt),
    updatedAt: isoDate(row.updatedAt),
    likes: row.likes,
    dislikes: row.dislikes,
    myReaction: row.myReaction,
    comments: row.comments.map(toComment),
    product: merge ? row.product : null,
  };
}

export async function getReview(db: Db, reviewId: number, merge: boolean, callerId: number): Promise<Review> {
  const { rows } = await listReviews(db, { reviewId, merge, sort: 'newest', limit: 1, offset: 0 }, callerId);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The product page's header of the reviews block: mean, count and the number of each star. */
export async function reviewSummary(db: Db, productId: number): Promise<{ rating: number | null; count: number; distribution: number[] }> {
  const row = await db
    .selectFrom('products as p')
    .select((eb) => [
      'p.rating',
      'p.reviewCount',
      jsonArrayFrom(
        eb.selectFrom('reviews as r').select(['r.rating', sql<number>`count(*)::int`.as('n')]).whereRef('r.productId', '=', 'p.id').groupBy('r.rating'),
      ).as('stars'),
    ])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const distribution = [0, 0, 0, 0, 0];
  for (const star of row.stars) distribution[star.rating - 1] = star.n;
  return { rating: row.rating === null ? null : Math.round(row.rating * 100) / 100, count: row.reviewCount, distribution };
}
