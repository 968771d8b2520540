import { okSchema } from '../../../shared/schemas/common.js';
import {
  checkoutAllSchema,
  checkoutCreateSchema,
  checkoutDirectSchema,
  checkoutIdSchema,
  checkoutListResponseSchema,
  checkoutListSchema,
  checkoutSchema,
  checkoutStaffCreateSchema,
  checkoutStatsSchema,
  checkoutStatusUpdateSchema,
} from '../../../shared/schemas/orders.js';
import { orderDeliveryUpdateSchema } from '../../../shared/schemas/delivery.js';
import { z } from '../../../shared/zod.js';
import { adminProcedure, publicProcedure, router, userProcedure } from '../../trpc.js';
import { placeOrder } from '../../services/orders/checkout-create.js';
import { requestKey } from '../../services/orders/idempotency.js';
import { getCheckout, listCheckouts } from '../../services/orders/checkout-read.js';
import { changeCheckoutStatus, deleteCheckout } from '../../services/orders/checkout-status.js';
import { checkoutStats } from '../../services/orders/stats.js';
import { setOrderDelivery } from '../../services/orders/checkout-set-delivery.js';
import { withStatusUrl } from '../../services/orders/one-click.js';
import { oneClickProcedures } from './one-click.js';
import { checkoutPaymentProcedures } from './checkout-payments.js';
import { checkoutStaffProcedures } from './checkout-staff.js';

import { idempotencyHeaders } from './request-headers.js';

const tags = ['checkouts'];
const idempotency =
  'Send an `Idempotency-Key` header (or `idempotencyKey`, 16–200 characters): a repeated submit of the same request with the same key answers the same order; ' +
  'the same key with a different request answers 422. Keys belong to their caller (the user, or the guest basket). ' +
  'One-click buy: `oneClick: { variantId, sizeId, quantity }` instead of `basketId`.';

/** Orders: placed by shoppers (signed in, direct, one click) or staff; statuses moved by Admin. */
export const checkoutsRouter = router({
  create: userProcedure
    .meta({ openapi: { method: 'POST', path: '/checkouts', tags, protect: true, summary: 'Оформить заказ (покупатель вошёл)', description: idempotency, requestHeaders: idempotencyHeaders } })
    .input(checkoutCreateSchema)
    .output(checkoutSchema)
    .mutation(({ ctx, input }) =>
      placeOrder(ctx, { ...input, kind: 'user', userId: ctx.user.id, placedBy: ctx.user.id, idempotencyKey: requestKey(ctx.idempotencyKey, input.idempotencyKey) }),
    ),

  direct: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/checkouts/direct', tags, summary: 'Оформить заказ без учётной записи', description: idempotency, requestHeaders: idempotencyHeaders } })
    .input(checkoutDirectSchema)
    .output(checkoutSchema)
    .mutation(async ({ ctx, input }) =>
      withStatusUrl(ctx, await placeOrder(ctx, { ...input, kind: 'direct', userId: null, placedBy: null, idempotencyKey: requestKey(ctx.idempotencyKey, input.idempotencyKey) })),
    ),

  /** tRPC only: an order taken by phone (/admin/checkouts/create-checkout), same rules. */
  createByStaff: adminProcedure
    .input(checkoutStaffCreateSchema)
    .output(checkoutSchema)
    .mutation(({ ctx, input }) =>
      placeOrder(ctx, { ...input, kind: 'staff', userId: input.userId ?? null, placedBy: ctx.user.id, idempotencyKey: requestKey(ctx.idempotencyKey, input.idempotencyKey) }),
    ),

  list: userProcedure
    .meta({ openapi: { method: 'GET', path: '/checkouts', tags, protect: true, summary: 'Свои заказы' } })
    .input(checkoutListSchema)
    .output(checkoutListResponseSchema)
    .query(({ ctx, input }) => listCheckouts(ctx.db, { ...input, userId: ctx.user.id, customer: undefined })),

  all: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/checkouts/all', tags, protect: true, summary: 'Все заказы (администратор)' } })
    .input(checkoutAllSchema)
    .output(checkoutListResponseSchema)
    .query(({ ctx, input }) => listCheckouts(ctx.db, input)),

  /** tRPC only: the /admin dashboard. */
  stats: adminProcedure
    .input(z.object({}).optional())
    .output(checkoutStatsSchema)
    .query(({ ctx }) => checkoutStats(ctx.db)),

  get: userProcedure
    .meta({ openapi: { method: 'GET', path: '/checkouts/{checkoutId}', tags, protect: true, summary: 'Заказ (свой или любой для администратора)' } })
    .input(checkoutIdSchema)
    .output(checkoutSchema)
    .query(({ ctx, input }) => getCheckout(ctx.db, input.checkoutId, ctx.user)),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/checkouts/{checkoutId}',
        tags,
        protect: true,
        summary: 'Сменить статус заказа',
        description: 'Body `{ status }`. Allowed: New → InDelivery → Completed; New or InDelivery → Canceled (returns the stock).',
      },
    })
    .input(checkoutStatusUpdateSchema)
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => changeCheckoutStatus(ctx, input.checkoutId, input.status, ctx.user.id)),

  setDelivery: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/checkouts/{checkoutId}/delivery',
        tags,
        protect: true,
        summary: 'Указать или изменить доставку заказа (например, заказа в один клик)',
        description:
          'Body `{ deliveryMethodId, pickupPointId, address }`. Only while the order is New (else 409). The cost is priced for the order’s goods and the total becomes goods + delivery; without `deliveryMethodId` the delivery is cleared.',
      },
    })
    .input(orderDeliveryUpdateSchema)
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => setOrderDelivery(ctx.db, input, ctx.user.id)),

  delete: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/checkouts/{checkoutId}', tags, protect: true, summary: 'Удалить заказ' } })
    .input(checkoutIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteCheckout(ctx, input.checkoutId)),

  ...oneClickProcedures,
  ...checkoutPaymentProcedures,
  ...checkoutStaffProcedures,
});
