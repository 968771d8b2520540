import {
  webhookDeliveryIdSchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryListSchema,
  webhookIdSchema,
  webhookInputSchema,
  webhookListResponseSchema,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from '../../../shared/schemas/webhooks.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { z } from '../../../shared/zod.js';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  pingWebhook,
  retryDelivery,
  updateWebhook,
} from '../../services/webhooks/endpoints.js';
import { adminProcedure, router } from '../../trpc.js';

const tags = ['webhooks'];

/** Webhook endpoints and their deliveries (docs/webhooks.md): the admin's alone. */
export const webhooksRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/webhooks', tags, protect: true, summary: 'Вебхуки: зарегистрированные адреса и их события' } })
    .input(z.object({}))
    .output(webhookListResponseSchema)
    .query(({ ctx }) => listWebhooks(ctx.db)),

  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/webhooks/{webhookId}', tags, protect: true, summary: 'Вебхук' } })
    .input(webhookIdSchema)
    .output(webhookSchema)
    .query(({ ctx, input }) => getWebhook(ctx.db, input.webhookId)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/webhooks', tags, protect: true, summary: 'Зарегистрировать вебхук; секрет подписи показывается только в этом ответе' } })
    .input(webhookInputSchema)
    .output(webhookWithSecretSchema)
    .mutation(({ ctx, input }) => createWebhook(ctx.db, input, ctx.config.webhooksAllowHttp)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/webhooks/{webhookId}', tags, protect: true, summary: 'Изменить вебхук (адрес, события, включён ли)' } })
    .input(webhookUpdateSchema)
    .output(webhookSchema)
    .mutation(({ ctx, input }) => {
      const { webhookId, version, ...fields } = input;
      return updateWebhook(ctx.db, webhookId, fields, ctx.config.webhooksAllowHttp, version);
    }),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/webhooks/{webhookId}', tags, protect: true, summary: 'Удалить вебхук вместе с историей доставок' } })
    .input(webhookIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteWebhook(ctx.db, input.webhookId)),

  ping: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/webhooks/{webhookId}/ping', tags, protect: true, summary: 'Отправить проверочное событие ping' } })
    .input(webhookIdSchema)
    .output(z.object({ eventId: z.string() }))
    .mutation(({ ctx, input }) => pingWebhook(ctx.db, input.webhookId)),

  deliveries: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/webhooks/{webhookId}/deliveries', tags, protect: true, summary: 'Доставки вебхука, новые первыми, с последними попытками' } })
    .input(webhookDeliveryListSchema)
    .output(webhookDeliveryListResponseSchema)
    .query(({ ctx, input }) => listDeliveries(ctx.db, input)),

  retry: adminProcedure
    .meta({
      openapi: { method: 'POST', path: '/webhooks/{webhookId}/deliveries/{deliveryId}/retry', tags, protect: true, summary: 'Отправить недоставленное событие ещё раз' },
    })
    .input(webhookDeliveryIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => retryDelivery(ctx.db, input.webhookId, input.deliveryId)),
});
