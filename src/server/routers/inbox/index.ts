import { inboxItemSchema, inboxListInputSchema, inboxListSchema, inboxUpdateSchema } from '../../../shared/schemas/moderation.js';
import { listInbox, updateInboxItem } from '../../services/content/inbox.js';
import { adminProcedure, router } from '../../trpc.js';

const tags = ['inbox'];

/** Callback requests and help-desk messages as the staff's inbox (docs/moderation.md), Admin only. */
export const inboxRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/inbox', tags, protect: true, summary: 'Обращения: обратные звонки и сообщения в поддержку, новые — первыми' } })
    .input(inboxListInputSchema)
    .output(inboxListSchema)
    .query(({ ctx, input }) => listInbox(ctx.db, input)),
  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/inbox/{kind}/{id}', tags, protect: true, summary: 'Изменить статус или заметку обращения' } })
    .input(inboxUpdateSchema)
    .output(inboxItemSchema)
    .mutation(({ ctx, input }) => updateInboxItem(ctx.db, input, ctx.user.id)),
});
