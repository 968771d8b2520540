import { z } from '../zod.js';
import { cursorShape, flagSchema, idSchema, listResponse, nextCursorShape, okSchema, pagingShape, wholeNumber } from './common.js';
import { imageNameSchema } from './media.js';
import { moderationFilterSchema, moderationShape } from './moderation.js';
import { reviewRichInputShape, reviewRichShape, sizeFitSummarySchema, withPhotosSchema } from './reviews-rich.js';

/**
 * Reviews and questions (docs/reviews.md): reviews with a rating and photos, review
 * comments, questions and their comments (answers), and Like/Dislike reactions on all four.
 * Text is plain text: stored as sent (trimmed) and always shown as text, never as HTML.
 */

export const reviewTextBounds = { min: 2, max: 5000 } as const;
export const questionTextBounds = { min: 5, max: 2000 } as const;
export const commentTextBounds = { min: 1, max: 2000 } as const;
export const maxPhotosPerReview = 10;

function plainText(what: string, bounds: { min: number; max: number }) {
  return z
    .string({ error: `Напишите ${what}` })
    .trim()
    .min(bounds.min, `${what[0]!.toUpperCase()}${what.slice(1)}: не короче ${bounds.min} символов`)
    .max(bounds.max, `${what[0]!.toUpperCase()}${what.slice(1)}: не длиннее ${bounds.max} символов`);
}

export const reviewTextSchema = plainText('текст отзыва', reviewTextBounds);
export const questionTextSchema = plainText('текст вопроса', questionTextBounds);
export const commentTextSchema = plainText('текст комментария', commentTextBounds);

export const ratingSchema = wholeNumber(1, 5).meta({ description: 'Оценка от 1 до 5' });

export const reviewPhotosSchema = z
  .array(imageNameSchema)
  .max(maxPhotosPerReview, `Не больше ${maxPhotosPerReview} фотографий в отзыве`)
  .refine((names) => new Set(names).size === names.length, 'Фотография повторяется');

/** Who the body claims to act for: when given, it must be the caller (otherwise 403). */
const claimedUserShape = {
  userId: idSchema.optional().meta({ description: 'Необязательно; если указан, должен совпадать с вызывающим пользователем (иначе 403).' }),
};

// ---------------------------------------------------------------- reactions

export const reactionValueSchema = z.enum(['Like', 'Dislike']);
export type ReactionValue = z.infer<typeof reactionValueSchema>;

export const myReactionSchema = z.object({ id: z.number().int(), reaction: reactionValueSchema }).nullable();

const reactionCountsShape = {
  likes: z.number().int(),
  dislikes: z.number().int(),
  /** The caller's own reaction (null when none, or anonymous). */
  myReaction: myReactionSchema,
};

export const reactionSchema = z.object({ id: z.number().int(), userId: z.number().int(), reaction: reactionValueSchema });

/** What a reaction call leaves: the caller's reaction (null when the same value removed it) and the counts. */
export const reactionResultSchema = z.object({ reaction: reactionSchema.nullable(), likes: z.number().int(), dislikes: z.number().int() });
export type ReactionResult = z.infer<typeof reactionResultSchema>;

export const reviewReactionInputSchema = z.object({ ...claimedUserShape, reviewId: idSchema, reaction: reactionValueSchema });
export const questionReactionInputSchema = z.object({ ...claimedUserShape, questionId: idSchema, reaction: reactionValueSchema });
/** Reactions on review comments and on question comments. */
export const commentReactionInputSchema = z.object({ ...claimedUserShape, commentId: idSchema, reaction: reactionValueSchema });
export const reactionIdSchema = z.object({ reactionId: idSchema });

// ---------------------------------------------------------------- shared pieces

export const authorSchema = z.object({ id: z.number().int(), name: z.string() });

export const productBriefSchema = z.object({ id: z.number().int(), name: z.string(), url: z.string(), image: z.string().nullable() });

export const commentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  author: authorSchema,
  text: z.string(),
  /** Written by staff as the shop; shown first and highlighted. */
  isShop: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...reactionCountsShape,
});
export type Comment = z.infer<typeof commentSchema>;

const mergeSchema = flagSchema
  .optional()
  .meta({ description: '`merge=true`: в каждый элемент добавляется его товар (`product`: id, name, url, image) — для списков, где рядом отзывы о разных товарах (профиль, главная, админка). Без merge `product` равен null.' });

// ---------------------------------------------------------------- reviews

export const reviewSortValues = ['newest', 'useful', 'ratingDesc', 'ratingAsc'] as const;

export const reviewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  userId: z.number().int(),
  author: authorSchema,
  rating: z.number().int(),
  text: z.string(),
  images: z.array(z.string()),
  ...reviewRichShape,
  showOnMain: z.boolean(),
  ...moderationShape,
  createdAt: z.string(),
  updatedAt: z.string(),
  ...reactionCountsShape,
  comments: z.array(commentSchema),
  product: productBriefSchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.object({
  productId: idSchema.optional(),
  userId: idSchema.optional(),
  showOnMain: flagSchema.optional(),
  rating: ratingSchema.optional(),
  withPhotos: withPhotosSchema,
  moderation: moderationFilterSchema,
  merge: mergeSchema,
  sort: z
    .enum(reviewSortValues)
    .default('newest')
    .meta({ description: 'newest — сначала новые; useful — сначала полезные (лайки минус дизлайки); ratingDesc — с высокой оценкой; ratingAsc — с низкой оценкой.' }),
  ...pagingShape,
  /** Keyset paging, in the newest-first order only. */
  ...cursorShape,
});
export type ReviewListInput = z.output<typeof reviewListSchema>;
export const reviewListResponseSchema = listResponse(reviewSchema).extend(nextCursorShape);

export const reviewIdSchema = z.object({ reviewId: idSchema });
export const reviewGetSchema = z.object({ reviewId: idSchema, merge: mergeSchema });

export const reviewCreateSchema = z.object({
  ...claimedUserShape,
  productId: idSchema,
  rating: ratingSchema,
  text: reviewTextSchema,
  images: reviewPhotosSchema.default([]),
  ...reviewRichInputShape,
  showOnMain: z.boolean().optional().meta({ description: 'Только SuperUser и Admin' }),
});
export type ReviewCreateInput = z.output<typeof reviewCreateSchema>;

export const reviewUpdateSchema = z.object({
  ...claimedUserShape,
  reviewId: idSchema,
  rating: ratingSchema.optional(),
  text: reviewTextSchema.optional(),
  images: reviewPhotosSchema.optional(),
  ...reviewRichInputShape,
  showOnMain: z.boolean().optional().meta({ description: 'Только SuperUser и Admin' }),
});
export type ReviewUpdateInput = z.output<typeof reviewUpdateSchema>;

export const reviewSummarySchema = z.object({
  rating: z.number().nullable(),
  count: z.number().int(),
  /** Reviews with 1, 2, 3, 4 and 5 stars. */
  distribution: z.array(z.number().int()).length(5),
  /** How the size fits, by approved reviews (docs/reviews.md). */
  sizeFit: sizeFitSummarySchema,
});
export const productIdSchema = z.object({ productId: idSchema });

// ---------------------------------------------------------------- questions

export const questionSortValues = ['newest', 'useful', 'answered', 'unanswered'] as const;

export const questionSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  userId: z.number().int(),
  author: authorSchema,
  text: z.string(),
  ...moderationShape,
  createdAt: z.string(),
  updatedAt: z.string(),
  ...reactionCountsShape,
  /** Answers: the shop's first, then oldest first. */
  comments: z.array(commentSchema),
  product: productBriefSchema.nullable(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionListSchema = z.object({
  productId: idSchema.optional(),
  userId: idSchema.optional(),
  answered: flagSchema.optional().meta({ description: 'true — только с ответами, false — только без ответов' }),
  moderation: moderationFilterSchema,
  merge: mergeSchema,
  sort: z
    .enum(questionSortValues)
    .default('newest')
    .meta({ description: 'newest — сначала новые; useful — сначала полезные; answered — сначала с ответами (больше ответов); unanswered — сначала без ответов.' }),
  ...pagingShape,
});
export type QuestionListInput = z.output<typeof questionListSchema>;
export const questionListResponseSchema = listResponse(questionSchema);

export const questionIdSchema = z.object({ questionId: idSchema });
export const questionGetSchema = z.object({ questionId: idSchema, merge: mergeSchema });
export const questionCreateSchema = z.object({ ...claimedUserShape, productId: idSchema, text: questionTextSchema });
export const questionUpdateSchema = z.object({ ...claimedUserShape, questionId: idSchema, text: questionTextSchema });

// ---------------------------------------------------------------- comments (of reviews and of questions)

const asShopShape = {
  asShop: z.boolean().optional().meta({ description: 'Ответ от имени магазина (только SuperUser и Admin)' }),
};
export const reviewCommentCreateSchema = z.object({ ...claimedUserShape, reviewId: idSchema, text: commentTextSchema, ...asShopShape });
export const questionCommentCreateSchema = z.object({ ...claimedUserShape, questionId: idSchema, text: commentTextSchema, ...asShopShape });
export const commentIdSchema = z.object({ commentId: idSchema });
export const commentUpdateSchema = z.object({ ...claimedUserShape, commentId: idSchema, text: commentTextSchema });

export { okSchema };

export const reviewCommentSchema = commentSchema.extend({ reviewId: z.number().int() });
export const questionCommentSchema = commentSchema.extend({ questionId: z.number().int() });
