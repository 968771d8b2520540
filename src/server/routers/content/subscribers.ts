import {
  callbackSchema,
  confirmSubscriptionSchema,
  mailIdSchema,
  subscribeSchema,
  subscriberExportSchema,
  subscriberListResponseSchema,
  subscriberListSchema,
  subscriptionSchema,
} from '../../../shared/schemas/content.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { z } from '../../../shared/zod.js';
import { requestCallback } from '../../services/content/callbacks.js';
import { confirmSubscription, exportSubscribers, getSubscription, listSubscribers, subscribe, unsubscribe } from '../../services/content/subscribers.js';
import { adminProcedure, publicProcedure, rateLimited, router } from '../../trpc.js';

const tags = ['subscribes'];

export const subscribersRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/subscribes', tags, protect: true, summary: 'Подписчики рассылки' } })
    .input(subscriberListSchema)
    .output(subscriberListResponseSchema)
    .query(({ ctx, input }) => listSubscribers(ctx.db, input)),

  subscribe: publicProcedure
    .use(rateLimited('subscribe'))
    .meta({ openapi: { method: 'POST', path: '/subscribes', tags, summary: 'Подписаться: на адрес уходит письмо со ссылкой подтверждения' } })
    .input(subscribeSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => subscribe(ctx, input.email)),

  /** The confirmation link's page (tRPC only, like the e-mail confirmation of accounts). */
  confirm: publicProcedure
    .use(rateLimited('confirmation'))
    .input(confirmSubscriptionSchema)
    .output(subscriptionSchema)
    .mutation(({ ctx, input }) => confirmSubscription(ctx, input.token)),

  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/subscribes/{mailId}', tags, summary: 'Подписка по ссылке из письма' } })
    .input(mailIdSchema)
    .output(subscriptionSchema)
    .query(({ ctx, input }) => getSubscription(ctx.db, input.mailId)),

  unsubscribe: publicProcedure
    .meta({ openapi: { method: 'DELETE', path: '/subscribes/{mailId}', tags, summary: 'Отписаться по ссылке из письма' } })
    .input(mailIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => unsubscribe(ctx.db, input.mailId)),

  callback: publicProcedure
    .use(rateLimited('callback'))
    .meta({ openapi: { method: 'POST', path: '/subscribes/call', tags, summary: 'Заказать обратный звонок (письмо уходит только в магазин)' } })
    .input(callbackSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => requestCallback(ctx, input)),

  export: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/subscribes/files', tags, protect: true, summary: 'Выгрузка подтверждённых подписчиков: JSON-файл subscribers-ГГГГ-ММ-ДД.json' },
    })
    .input(z.object({}))
    .output(subscriberExportSchema)
    .query(({ ctx }) => exportSubscribers(ctx.db)),
});
