import {
  okSchema,
  questionCreateSchema,
  questionGetSchema,
  questionIdSchema,
  questionListResponseSchema,
  questionListSchema,
  questionReactionInputSchema,
  questionSchema,
  questionUpdateSchema,
  reactionIdSchema,
  reactionResultSchema,
} from '../../../shared/schemas/reviews.js';
import { assertActsForSelf } from '../../services/reviews/access.js';
import { checkedFilter, readerFilter } from '../../services/reviews/visibility.js';
import { createQuestion, deleteQuestion, getQuestion, listQuestions, updateQuestion } from '../../services/reviews/questions.js';
import { deleteReaction, react, reactionTargets } from '../../services/reviews/reactions.js';
import { publicProcedure, router, userProcedure } from '../../trpc.js';

const tags = ['questions'];

/** Questions about a product: /questions and /questions/reaction. */
export const questionsRouter = router({
  list: publicProcedure
    .meta({
      access: 'optional',
      openapi: {
        method: 'GET',
        path: '/questions',
        tags,
        summary: 'Вопросы о товарах: список с фильтрами, сортировкой и страницами',
        description:
          'Каждый вопрос — с публичным именем автора, реакциями, реакцией вызывающего и ответами (ответ магазина первым). ' +
          '`merge=true` добавляет к каждому вопросу его товар (`product`: id, name, url, image); без merge `product` равен null.',
      },
    })
    .input(questionListSchema)
    .output(questionListResponseSchema)
    .query(async ({ ctx, input }) => listQuestions(ctx.db, { ...input, moderation: await checkedFilter(ctx.db, ctx.user, input.moderation) }, ctx.user?.id ?? 0)),

  get: publicProcedure
    .meta({ access: 'optional', openapi: { method: 'GET', path: '/questions/{questionId}', tags, summary: 'Вопрос' } })
    .input(questionGetSchema)
    .output(questionSchema)
    .query(async ({ ctx, input }) => getQuestion(ctx.db, input.questionId, input.merge === true, ctx.user?.id ?? 0, await readerFilter(ctx.db, ctx.user))),

  create: userProcedure
    .meta({ openapi: { method: 'POST', path: '/questions', tags, protect: true, summary: 'Задать вопрос о товаре' } })
    .input(questionCreateSchema)
    .output(questionSchema)
    .mutation(({ ctx, input }) => createQuestion(ctx.db, ctx.user, input)),

  update: userProcedure
    .meta({ openapi: { method: 'PUT', path: '/questions/{questionId}', tags, protect: true, summary: 'Изменить вопрос (автор, SuperUser или Admin)' } })
    .input(questionUpdateSchema)
    .output(questionSchema)
    .mutation(({ ctx, input }) => updateQuestion(ctx.db, ctx.user, input)),

  delete: userProcedure
    .meta({ openapi: { method: 'DELETE', path: '/questions/{questionId}', tags, protect: true, summary: 'Удалить вопрос (автор, SuperUser или Admin)' } })
    .input(questionIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteQuestion(ctx.db, ctx.user, input.questionId)),

  react: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/questions/reaction',
        tags,
        protect: true,
        summary: 'Лайк или дизлайк вопроса',
        description: 'Другое значение заменяет прежнюю реакцию, то же значение повторно — снимает её (reaction: null в ответе).',
      },
    })
    .input(questionReactionInputSchema)
    .output(reactionResultSchema)
    .mutation(({ ctx, input }) => {
      assertActsForSelf(ctx.user, input.userId);
      return react(ctx.db, reactionTargets.question, ctx.user, input.questionId, input.reaction);
    }),

  unreact: userProcedure
    .meta({ openapi: { method: 'DELETE', path: '/questions/reaction/{reactionId}', tags, protect: true, summary: 'Снять свою реакцию' } })
    .input(reactionIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteReaction(ctx.db, reactionTargets.question, ctx.user, input.reactionId)),
});
