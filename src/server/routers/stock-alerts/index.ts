import {
  stockAlertCancelledSchema,
  stockAlertConfirmedSchema,
  stockAlertConfirmSchema,
  stockAlertCountsInputSchema,
  stockAlertCountsSchema,
  stockAlertCreatedSchema,
  stockAlertInputSchema,
  stockAlertMailIdSchema,
  stockAlertSchema,
} from '../../../shared/schemas/stock-alerts.js';
import { cancelAlert, cancelAllAlerts, confirmAlerts, createAlert, getAlertByLink } from '../../services/stock-alerts/alerts.js';
import { countWaiting } from '../../services/stock-alerts/counts.js';
import { adminProcedure, publicProcedure, rateLimited, router } from '../../trpc.js';

const tags = ['stock-alerts'];

/** «Сообщить о поступлении» (docs/stock-alerts.md). */
export const stockAlertsRouter = router({
  /** The newsletter form's per-IP limit: both put an address on a list. */
  create: publicProcedure
    .use(rateLimited('subscribe'))
    .meta({
      openapi: {
        method: 'POST',
        path: '/stock-alerts',
        tags,
        summary: 'Сообщить о поступлении товара (и о снижении цены): сразу для вошедшего, по ссылке из письма для гостя',
      },
    })
    .input(stockAlertInputSchema)
    .output(stockAlertCreatedSchema)
    .mutation(({ ctx, input }) => createAlert(ctx, input)),

  /** The confirmation link's page (tRPC only, like the newsletter's confirmation). */
  confirm: publicProcedure
    .use(rateLimited('confirmation'))
    .input(stockAlertConfirmSchema)
    .output(stockAlertConfirmedSchema)
    .mutation(({ ctx, input }) => confirmAlerts(ctx, input.token)),

  byLink: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/stock-alerts/links/{mailId}', tags, summary: 'Оповещение по ссылке из письма' } })
    .input(stockAlertMailIdSchema)
    .output(stockAlertSchema)
    .query(({ ctx, input }) => getAlertByLink(ctx.db, input.mailId)),

  cancel: publicProcedure
    .meta({ openapi: { method: 'DELETE', path: '/stock-alerts/links/{mailId}', tags, summary: 'Отменить оповещение по ссылке из письма' } })
    .input(stockAlertMailIdSchema)
    .output(stockAlertCancelledSchema)
    .mutation(({ ctx, input }) => cancelAlert(ctx.db, input.mailId)),

  cancelAll: publicProcedure
    .meta({ openapi: { method: 'DELETE', path: '/stock-alerts/links/{mailId}/all', tags, summary: 'Отменить все оповещения адреса по ссылке из письма' } })
    .input(stockAlertMailIdSchema)
    .output(stockAlertCancelledSchema)
    .mutation(({ ctx, input }) => cancelAllAlerts(ctx.db, input.mailId)),

  counts: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/stock-alerts', tags, protect: true, summary: 'Сколько покупателей ждут каждый цвет и размер товара' } })
    .input(stockAlertCountsInputSchema)
    .output(stockAlertCountsSchema)
    .query(({ ctx, input }) => countWaiting(ctx.db, input.productId)),
});
