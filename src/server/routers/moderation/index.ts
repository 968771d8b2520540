import {
  adminCountsSchema,
  moderationApproveSchema,
  moderationItemSchema,
  moderationQueueInputSchema,
  moderationQueueSchema,
  moderationRejectSchema,
  type ModerationKind,
} from '../../../shared/schemas/moderation.js';
import { z } from '../../../shared/zod.js';
import { newInboxCount } from '../../services/content/inbox.js';
import { moderate, moderationQueue, pendingCount } from '../../services/reviews/moderation.js';
import { adminProcedure, router } from '../../trpc.js';

const tags = ['moderation'];

/** Approve and reject of one kind: POST /moderation/{reviews|questions}/{id}/approve and …/reject. */
function decisions(kind: ModerationKind, segment: 'reviews' | 'questions', what: string) {
  return {
    approve: adminProcedure
      .meta({ openapi: { method: 'POST', path: `/moderation/${segment}/{id}/approve`, tags, protect: true, summary: `Одобрить ${what}` } })
      .input(moderationApproveSchema)
      .output(moderationItemSchema)
      .mutation(({ ctx, input }) => moderate(ctx.db, kind, input.id, { status: 'approved' }, ctx.user.id)),
    reject: adminProcedure
      .meta({
        openapi: {
          method: 'POST',
          path: `/moderation/${segment}/{id}/reject`,
          tags,
          protect: true,
          summary: `Отклонить или скрыть ${what}`,
          description: 'Причину видит автор («Отклонён: …»). Другие пользователи его больше не видят; оценка товара пересчитывается.',
        },
      })
      .input(moderationRejectSchema)
      .output(moderationItemSchema)
      .mutation(({ ctx, input }) => moderate(ctx.db, kind, input.id, { status: 'rejected', reason: input.reason }, ctx.user.id)),
  };
}

/** The moderation queue of reviews and questions (docs/moderation.md), Admin only. */
export const moderationRouter = router({
  queue: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/moderation', tags, protect: true, summary: 'Очередь модерации: отзывы и вопросы, ожидающие — первыми' } })
    .input(moderationQueueInputSchema)
    .output(moderationQueueSchema)
    .query(({ ctx, input }) => moderationQueue(ctx.db, input)),
  reviews: router(decisions('review', 'reviews', 'отзыв')),
  questions: router(decisions('question', 'questions', 'вопрос')),
});

/** What waits for staff, one number per admin menu badge. */
export const adminCountsRouter = router({
  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/counts', tags: ['admin'], protect: true, summary: 'Счётчики меню: ожидают модерации, новые обращения' } })
    .input(z.object({}))
    .output(adminCountsSchema)
    .query(async ({ ctx }) => ({ moderation: await pendingCount(ctx.db), inbox: await newInboxCount(ctx.db) })),
});
