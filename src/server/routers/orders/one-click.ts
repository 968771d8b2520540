import { checkoutOneClickSchema, orderByLinkSchema, orderLinkSchema } from '../../../shared/schemas/one-click.js';
import { checkoutIdSchema, checkoutSchema } from '../../../shared/schemas/orders.js';
import { adminProcedure, publicProcedure } from '../../trpc.js';
import { confirmCall, orderByLink, placeOneClickOrder } from '../../services/orders/one-click.js';

import { idempotencyHeaders } from './request-headers.js';

const tags = ['checkouts'];

/** The one-step one-click order, its call-back marking and an order's status by its own link (merged into checkoutsRouter). */
export const oneClickProcedures = {
  oneClick: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkouts/one-click',
        tags,
        summary: 'Купить в 1 клик: имя и телефон, магазин перезванивает',
        description:
          'One item (`variantId`, `sizeId`, `quantity`), `firstName`, `phone` and `consent: true`; guest or signed in (the e-mail is the account\'s, a guest gets no letter). ' +
          'The order waits for the shop\'s call (`callbackPending`); the address and delivery are completed by the shop. A guest\'s answer carries `statusUrl`, the order\'s own page. ' +
          'Idempotency-Key as for the other checkouts.',
        requestHeaders: idempotencyHeaders,
      },
    })
    .input(checkoutOneClickSchema)
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => placeOneClickOrder(ctx, input)),

  confirmCall: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/checkouts/{checkoutId}/call-confirmed', tags, protect: true, summary: 'Подтверждён по телефону (заказ в 1 клик)' } })
    .input(checkoutIdSchema)
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => confirmCall(ctx, input.checkoutId)),

  byLink: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkouts/by-link/{token}',
        tags,
        summary: 'Статус заказа по его ссылке',
        description: 'The token from `statusUrl` or the order letter. Answers number, status and its history, lines, address and total; never e-mail or phone. Unknown token: 404.',
      },
    })
    .input(orderLinkSchema)
    .output(orderByLinkSchema)
    .query(({ ctx, input }) => orderByLink(ctx.db, input.token)),
};
