import {
  okSchema,
  productIdSchema,
  reactionIdSchema,
  reactionResultSchema,
  reviewCreateSchema,
  reviewGetSchema,
  reviewIdSchema,
  reviewListResponseSchema,
  reviewListSchema,
  reviewReactionInputSchema,
  reviewSchema,
  reviewSummarySchema,
  reviewUpdateSchema,
} from '../../../shared/schemas/reviews.js';
import { reviewPhotoStripInputSchema, reviewPhotoStripSchema } from '../../../shared/schemas/reviews-rich.js';
import { reviewPhotoStrip } from '../../services/reviews/review-rich.js';
import { assertActsForSelf } from '../../services/reviews/access.js';
import { checkedFilter, readerFilter } from '../../services/reviews/visibility.js';
import { deleteReaction, react, reactionTargets } from '../../services/reviews/reactions.js';
import { getReview, listReviews, reviewSummary } from '../../services/reviews/review-list.js';
import { createReview, deleteReview, updateReview } from '../../services/reviews/review-write.js';
import { publicProcedure, router, userProcedure } from '../../trpc.js';

const tags = ['reviews'];

/** Reviews of a product: /reviews and /reviews/reaction. */
export const reviewsRouter = router({
  list: publicProcedure
    .meta({
      access: 'optional',
      openapi: {
        method: 'GET',
        path: '/reviews',
        tags,
        summary: 'Отзывы: список с фильтрами, сортировкой и страницами',
        description:
          'Каждый отзыв — с публичным именем автора, фотографиями, числом лайков и дизлайков, реакцией вызывающего (myReaction) и комментариями (ответ магазина первым). ' +
          '`merge=true` добавляет к каждому отзыву его товар (`product`: id, name, url, image) — для списков отзывов о разных товарах; без merge `product` равен null. ' +
          '`withPhotos=true` оставляет только отзывы с фотографиями.',
      },
    })
    .input(reviewListSchema)
    .output(reviewListResponseSchema)
    .query(async ({ ctx, input }) => listReviews(ctx.db, { ...input, moderation: await checkedFilter(ctx.db, ctx.user, input.moderation) }, ctx.user?.id ?? 0)),

  get: publicProcedure
    .meta({ access: 'optional', openapi: { method: 'GET', path: '/reviews/{reviewId}', tags, summary: 'Отзыв' } })
    .input(reviewGetSchema)
    .output(reviewSchema)
    .query(async ({ ctx, input }) => getReview(ctx.db, input.reviewId, input.merge === true, ctx.user?.id ?? 0, await readerFilter(ctx.db, ctx.user))),

  /** tRPC only: the product page's average, count and the bars of each star. */
  summary: publicProcedure
    .input(productIdSchema)
    .output(reviewSummarySchema)
    .query(({ ctx, input }) => reviewSummary(ctx.db, input.productId)),

  /** tRPC only: the product page's strip of customers' photos (approved reviews, newest first). */
  photos: publicProcedure
    .input(reviewPhotoStripInputSchema)
    .output(reviewPhotoStripSchema)
    .query(({ ctx, input }) => reviewPhotoStrip(ctx.db, input.productId)),

  create: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reviews',
        tags,
        protect: true,
        summary: 'Написать отзыв',
        description:
          'Один отзыв на товар от пользователя (повторный — 409). Фотографии — имена своих загрузок (POST /images), не больше 10. ' +
          'Достоинства и недостатки — до 2000 символов; sizeFit — только для товаров с размерами (иначе 400).',
      },
    })
    .input(reviewCreateSchema)
    .output(reviewSchema)
    .mutation(({ ctx, input }) => createReview(ctx.db, ctx.user, input)),

  update: userProcedure
    .meta({ openapi: { method: 'PUT', path: '/reviews/{reviewId}', tags, protect: true, summary: 'Изменить отзыв (автор, SuperUser или Admin)' } })
    .input(reviewUpdateSchema)
    .output(reviewSchema)
    .mutation(({ ctx, input }) => updateReview(ctx.db, ctx.user, input)),

  delete: userProcedure
    .meta({ openapi: { method: 'DELETE', path: '/reviews/{reviewId}', tags, protect: true, summary: 'Удалить отзыв (автор, SuperUser или Admin)' } })
    .input(reviewIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteReview(ctx.db, ctx.user, input.reviewId)),

  react: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reviews/reaction',
        tags,
        protect: true,
        summary: 'Лайк или дизлайк отзыва',
        description: 'Другое значение заменяет прежнюю реакцию, то же значение повторно — снимает её (reaction: null в ответе).',
      },
    })
    .input(reviewReactionInputSchema)
    .output(reactionResultSchema)
    .mutation(({ ctx, input }) => {
      assertActsForSelf(ctx.user, input.userId);
      return react(ctx.db, reactionTargets.review, ctx.user, input.reviewId, input.reaction);
    }),

  unreact: userProcedure
    .meta({ openapi: { method: 'DELETE', path: '/reviews/reaction/{reactionId}', tags, protect: true, summary: 'Снять свою реакцию' } })
    .input(reactionIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteReaction(ctx.db, reactionTargets.review, ctx.user, input.reactionId)),
});
