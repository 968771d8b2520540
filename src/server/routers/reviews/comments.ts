import {
  commentIdSchema,
  commentReactionInputSchema,
  commentUpdateSchema,
  okSchema,
  questionCommentCreateSchema,
  questionCommentSchema,
  reactionIdSchema,
  reactionResultSchema,
  reviewCommentCreateSchema,
  reviewCommentSchema,
} from '../../../shared/schemas/reviews.js';
import { assertActsForSelf } from '../../services/reviews/access.js';
import { commentKinds, createComment, deleteComment, updateComment } from '../../services/reviews/comments.js';
import { deleteReaction, react } from '../../services/reviews/reactions.js';
import { router, userProcedure } from '../../trpc.js';

/**
 * `/comments` (of reviews) and `/question-comments` (answers): the same calls and rules over two
 * tables. Only the parent's key differs, so each router maps `parentId` back to it.
 */
function commentWrites(path: '/comments' | '/question-comments', kind: (typeof commentKinds)[keyof typeof commentKinds], tag: string) {
  const tags = [tag];
  return {
    update: userProcedure
      .meta({ openapi: { method: 'PUT', path: `${path}/{commentId}`, tags, protect: true, summary: 'Изменить комментарий (автор, SuperUser или Admin)' } })
      .input(commentUpdateSchema),
    delete: userProcedure
      .meta({ openapi: { method: 'DELETE', path: `${path}/{commentId}`, tags, protect: true, summary: 'Удалить комментарий (автор, SuperUser или Admin)' } })
      .input(commentIdSchema)
      .output(okSchema)
      .mutation(({ ctx, input }) => deleteComment(ctx.db, kind, ctx.user, input.commentId)),
    react: userProcedure
      .meta({
        openapi: {
          method: 'POST',
          path: `${path}/reaction`,
          tags,
          protect: true,
          summary: 'Лайк или дизлайк комментария',
          description: 'Другое значение заменяет прежнюю реакцию, то же значение повторно — снимает её (reaction: null в ответе).',
        },
      })
      .input(commentReactionInputSchema)
      .output(reactionResultSchema)
      .mutation(({ ctx, input }) => {
        assertActsForSelf(ctx.user, input.userId);
        return react(ctx.db, kind.reactions, ctx.user, input.commentId, input.reaction);
      }),
    unreact: userProcedure
      .meta({ openapi: { method: 'DELETE', path: `${path}/reaction/{reactionId}`, tags, protect: true, summary: 'Снять свою реакцию' } })
      .input(reactionIdSchema)
      .output(okSchema)
      .mutation(({ ctx, input }) => deleteReaction(ctx.db, kind.reactions, ctx.user, input.reactionId)),
  };
}

const reviewKind = commentKinds.review;
const reviewWrites = commentWrites('/comments', reviewKind, 'comments');

/** Review comments: /review-comments. */
export const reviewCommentsRouter = router({
  create: userProcedure
    .meta({ openapi: { method: 'POST', path: '/comments', tags: ['comments'], protect: true, summary: 'Комментарий к отзыву (asShop — от имени магазина)' } })
    .input(reviewCommentCreateSchema)
    .output(reviewCommentSchema)
    .mutation(async ({ ctx, input }) => {
      const { parentId, ...comment } = await createComment(ctx.db, reviewKind, ctx.user, { ...input, parentId: input.reviewId });
      return { ...comment, reviewId: parentId };
    }),
  update: reviewWrites.update.output(reviewCommentSchema).mutation(async ({ ctx, input }) => {
    const { parentId, ...comment } = await updateComment(ctx.db, reviewKind, ctx.user, input);
    return { ...comment, reviewId: parentId };
  }),
  delete: reviewWrites.delete,
  react: reviewWrites.react,
  unreact: reviewWrites.unreact,
});

const questionKind = commentKinds.question;
const questionWrites = commentWrites('/question-comments', questionKind, 'question-comments');

/** Answers to questions: /question-comments. */
export const questionCommentsRouter = router({
  create: userProcedure
    .meta({
      openapi: { method: 'POST', path: '/question-comments', tags: ['question-comments'], protect: true, summary: 'Ответ на вопрос (asShop — от имени магазина)' },
    })
    .input(questionCommentCreateSchema)
    .output(questionCommentSchema)
    .mutation(async ({ ctx, input }) => {
      const { parentId, ...comment } = await createComment(ctx.db, questionKind, ctx.user, { ...input, parentId: input.questionId });
      return { ...comment, questionId: parentId };
    }),
  update: questionWrites.update.output(questionCommentSchema).mutation(async ({ ctx, input }) => {
    const { parentId, ...comment } = await updateComment(ctx.db, questionKind, ctx.user, input);
    return { ...comment, questionId: parentId };
  }),
  delete: questionWrites.delete,
  react: questionWrites.react,
  unreact: questionWrites.unreact,
});
