import { TRPCError } from '@trpc/server';
import { domainMessages } from '../../../shared/errors.js';
import type { Review, ReviewCreateInput, ReviewUpdateInput } from '../../../shared/schemas/reviews.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { assertActsForSelf, assertMayChange, assertModerator, isModerator, notFound, type Caller } from './access.js';
import { assertPhotosAllowed } from './photos.js';
import { getReview } from './review-list.js';
import { assertSizeFitAllowed, richChanged, richColumns } from './review-rich.js';
import { backToQueue, stateAfterEdit, stateOfNew } from './visibility.js';

/**
 * The product row is locked before its reviews change; the trigger of migrations/0009_reviews.ts
 * then recomputes its rating and review count in the same transaction.
 */
async function lockProduct(trx: Db, productId: number): Promise<void> {
  const product = await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirst();
  if (!product) throw notFound();
}

/** POST /reviews: one review per user and product (409 for a second one). */
export async function createReview(db: Db, caller: Caller, input: ReviewCreateInput): Promise<Review> {
  assertActsForSelf(caller, input.userId);
  const id = await inTransaction(db, async (trx) => {
    const moderator = await isModerator(trx, caller);
    if (input.showOnMain !== undefined && !moderator) throw new TRPCError({ code: 'FORBIDDEN' });
    await lockProduct(trx, input.productId);
    const existing = await trx
      .selectFrom('reviews')
      .select('id')
      .where('productId', '=', input.productId)
      .where('userId', '=', caller.id)
      .executeTakeFirst();
    if (existing) throw new TRPCError({ code: 'CONFLICT', message: domainMessages.reviewExists });
    await assertPhotosAllowed(trx, input.images, { uploaderId: caller.id, moderator });
    await assertSizeFitAllowed(trx, input.productId, input.sizeFit);
    const moderationStatus = await stateOfNew(trx, moderator);
    const row = await trx
      .insertInto('reviews')
      .values({
        productId: input.productId,
        userId: caller.id,
        rating: input.rating,
        text: input.text,
        images: input.images,
        ...richColumns(input),
        showOnMain: input.showOnMain ?? false,
        moderationStatus,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return getReview(db, id, false, caller.id, 'all');
}

/** PUT /reviews/{id}: the author or a moderator; showOnMain only a moderator. */
export async function updateReview(db: Db, caller: Caller, input: ReviewUpdateInput): Promise<Review> {
  assertActsForSelf(caller, input.userId);
  await inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('reviews')
      .select(['productId', 'userId', 'images', 'moderationStatus'])
      .where('id', '=', input.reviewId)
      .executeTakeFirst();
    if (!current) throw notFound();
    await assertMayChange(trx, caller, current.userId);
    // An author's change of what others read is moderated again (visibility.ts); a moderator's keeps the state.
    const contentChanged = input.rating !== undefined || input.text !== undefined || input.images !== undefined || richChanged(input);
    const state = contentChanged && current.userId === caller.id && !(await isModerator(trx, caller)) ? backToQueue(await stateAfterEdit(trx, current.moderationStatus)) : {};
    if (input.showOnMain !== undefined) await assertModerator(trx, caller);
    await assertSizeFitAllowed(trx, current.productId, input.sizeFit);
    if (input.images) {
      // The author's rule is the author's uploads, whoever edits.
      const moderator = current.userId !== caller.id;
      await assertPhotosAllowed(trx, input.images, { uploaderId: current.userId, moderator, alreadyAttached: current.images });
    }
    if (input.rating !== undefined || 'moderationStatus' in state) await lockProduct(trx, current.productId);
    await trx
      .updateTable('reviews')
      .set({
        ...(input.rating !== undefined ? { rating: input.rating } : {}),
        ...(input.text !== undefined ? { text: input.text } : {}),
        ...(input.images !== undefined ? { images: input.images } : {}),
        ...richColumns(input),
        ...(input.showOnMain !== undefined ? { showOnMain: input.showOnMain } : {}),
        ...state,
        updatedAt: new Date(),
      })
      .where('id', '=', input.reviewId)
      .execute();
  });
  return getReview(db, input.reviewId, false, caller.id, 'all');
}

/** DELETE /reviews/{id}: the author or a moderator; its comments and reactions go with it. */
export function deleteReview(db: Db, caller: Caller, reviewId: number): Promise<{ ok: true }> {
  return inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('reviews').select(['productId', 'userId']).where('id', '=', reviewId).executeTakeFirst();
    if (!current) throw notFound();
    await assertMayChange(trx, caller, current.userId);
    await lockProduct(trx, current.productId);
    await trx.deleteFrom('reviews').where('id', '=', reviewId).execute();
    return { ok: true as const };
  });
}
