import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Review } from '../../../shared/schemas/reviews.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import type { ModerationStatus } from '../../db/tables/reviews.js';
import { notFound } from './access.js';
import { commentKinds, type CommentKind } from './comments.js';
import { isoDate, publicName, toComment, usefulness, type CommentJson, type MyReactionJson } from './list-parts.js';
import { reactionTargets, type ReactionTarget } from './reactions.js';
import { commentThread, reactionColumns } from './threads.js';

/**
 * The outline reviews and questions are listed by: one statement answers the page (each item with
 * its author's public name, reaction counts, the caller's reaction, its comment thread and its
 * product) and the total. Each list adds only its own filters, columns and sorts.
 */
export interface ListedKind {
  /** The items' table alias in the list statement. */
  alias: 'r' | 'q';
  reactions: ReactionTarget;
  comments: CommentKind;
}

export const listedKinds = {
  review: { alias: 'r', reactions: reactionTargets.review, comments: commentKinds.review },
  question: { alias: 'q', reactions: reactionTargets.question, comments: commentKinds.question },
} as const satisfies Record<string, ListedKind>;

/** The columns every listed item carries besides its own, as read from the statement. */
export interface ListedJson {
  id: number;
  productId: number;
  userId: number;
  authorName: string;
  moderationStatus: ModerationStatus;
  moderationReason: string | null;
  createdAt: string;
  updatedAt: string;
  likes: number;
  dislikes: number;
  myReaction: MyReactionJson | null;
  comments: CommentJson[];
  product: Review['product'];
}

/** A sort of the list's own, ahead of the newest-first order; null keeps newest first. */
export type ListedSort = readonly [Expression<unknown>, 'asc' | 'desc'] | null;

interface ListedPage<DB, TB extends keyof DB, O, TDB, TTB extends keyof TDB, TO> {
  kind: ListedKind;
  callerId: number;
  limit: number;
  offset: number;
  /** The sort asked for: `useful` is every list's, the others are looked up in `sorts`. */
  sort: string;
  sorts: Readonly<Record<string, ListedSort>>;
  /** The filtered items joined to their authors as `u`, with their own columns. */
  page: (eb: ExpressionBuilder<Database, never>) => SelectQueryBuilder<DB, TB, O>;
  /** The filtered items, counted for the total. */
  all: (eb: ExpressionBuilder<Database, never>) => SelectQueryBuilder<TDB, TTB, TO>;
}

export async function listedPage<DB, TB extends keyof DB, O, TDB, TTB extends keyof TDB, TO>(
  db: Db,
  spec: ListedPage<DB, TB, O, TDB, TTB, TO>,
): Promise<{ rows: unknown[]; length: number }> {
  const { alias, reactions, comments } = spec.kind;
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  const order = spec.sort === 'useful' ? ([usefulness(reactions, `${alias}.id`), 'desc'] as const) : (spec.sorts[spec.sort] ?? null);
  const result = await db
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        spec
          .page(eb)
          .select([
            ref('id').as('id'),
            ref('productId').as('productId'),
            ref('userId').as('userId'),
            publicName('u').as('authorName'),
            ref('moderationStatus').as('moderationStatus'),
            ref('moderationReason').as('moderationReason'),
            ref('createdAt').as('createdAt'),
            ref('updatedAt').as('updatedAt'),
            ...reactionColumns(reactions, `${alias}.id`, spec.callerId),
            commentThread(comments, `${alias}.id`, spec.callerId).as('comments'),
            jsonObjectFrom(eb.selectFrom('products as p').select(['p.id', 'p.name', 'p.url', 'p.image']).where('p.id', '=', sql.ref<number>(`${alias}.productId`))).as('product'),
          ])
          .$call((q) => (order ? q.orderBy(order[0], order[1]) : q))
          .orderBy(ref('createdAt'), 'desc')
          .orderBy(ref('id'), 'desc')
          .limit(spec.limit)
          .offset(spec.offset),
      ).as('rows'),
      spec.all(eb).select(sql<number>`count(*)::int`.as('n')).$castTo<{ n: number }>().as('length'),
    ])
    .executeTakeFirstOrThrow();
  return { rows: result.rows, length: result.length ?? 0 };
}

/** A listed item as the API answers it: the shared fields around the item's own (`own`). */
export function toListed<Own extends object>(row: ListedJson, own: Own, merge: boolean) {
  return {
    id: row.id,
    productId: row.productId,
    userId: row.userId,
    author: { id: row.userId, name: row.authorName },
    ...own,
    moderationStatus: row.moderationStatus,
    moderationReason: row.moderationReason,
    createdAt: isoDate(row.createdAt),
    updatedAt: isoDate(row.updatedAt),
    likes: row.likes,
    dislikes: row.dislikes,
    myReaction: row.myReaction,
    comments: row.comments.map(toComment),
    product: merge ? row.product : null,
  };
}

/** The one item a list by id found, or 404. */
export function theOnly<T>(rows: readonly T[]): T {
  if (!rows[0]) throw notFound();
  return rows[0];
}
