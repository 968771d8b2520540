import { okSchema } from '../../../shared/schemas/common.js';
import {
  basketClaimSchema,
  basketCreateSchema,
  basketIdSchema,
  basketListResponseSchema,
  basketListSchema,
  basketSchema,
  basketUpdateSchema,
} from '../../../shared/schemas/orders.js';
import { adminProcedure, guestLimited, publicProcedure, router, userProcedure } from '../../trpc.js';
import { claimBasket, clearBasket, createBasket, deleteBasket, getBasket, listBaskets, updateBasket } from '../../services/orders/baskets.js';

const tags = ['baskets'];

/**
 * Baskets (docs/orders.md): anyone holding an anonymous basket's UUID may use it; a
 * user's basket is theirs (Admin may read it). Prices and totals are always the server's.
 */
export const basketsRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/baskets', tags, protect: true, summary: 'Корзины (администратор): фильтры, сортировка, страницы' } })
    .input(basketListSchema)
    .output(basketListResponseSchema)
    .query(({ ctx, input }) => listBaskets(ctx.db, input)),

  create: publicProcedure
    .use(guestLimited('guestBasketPerIp'))
    .meta({ access: 'optional', openapi: { method: 'POST', path: '/baskets', tags, summary: 'Новая корзина (у вошедшего покупателя — его активная корзина)' } })
    .input(basketCreateSchema)
    .output(basketSchema)
    .mutation(({ ctx, input }) => createBasket(ctx.db, input.orderProducts ?? [], ctx.user, ctx.config.guestLimits.unitsPerLine)),

  // Literal paths are declared before /baskets/{basketId}.
  clear: publicProcedure
    .meta({ access: 'optional', openapi: { method: 'GET', path: '/baskets/clear/{basketId}', tags, summary: 'Очистить корзину' } })
    .input(basketIdSchema)
    .output(basketSchema)
    .mutation(({ ctx, input }) => clearBasket(ctx.db, input.basketId, ctx.user)),

  get: publicProcedure
    .meta({ access: 'optional', openapi: { method: 'GET', path: '/baskets/{basketId}', tags, summary: 'Корзина с текущими ценами и наличием' } })
    .input(basketIdSchema)
    .output(basketSchema)
    .query(({ ctx, input }) => getBasket(ctx.db, input.basketId, ctx.user)),

  update: publicProcedure
    .meta({
      access: 'optional',
      openapi: {
        method: 'PUT',
        path: '/baskets/{basketId}',
        tags,
        summary: 'Задать строки корзины',
        description: 'Takes the whole list `orderProducts` ({ variantId, sizeId, quantity }); prices, totals and statuses sent by a client are ignored.',
      },
    })
    .input(basketUpdateSchema)
    .output(basketSchema)
    .mutation(({ ctx, input }) => updateBasket(ctx.db, input.basketId, input.orderProducts, ctx.user, ctx.config.guestLimits.unitsPerLine)),

  delete: publicProcedure
    .meta({ access: 'optional', openapi: { method: 'DELETE', path: '/baskets/{basketId}', tags, summary: 'Удалить корзину' } })
    .input(basketIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteBasket(ctx.db, input.basketId, ctx.user)),

  /** tRPC only: after sign-in the browser's basket becomes (or merges into) the user's. */
  claim: userProcedure
    .input(basketClaimSchema)
    .output(basketSchema.nullable())
    .mutation(({ ctx, input }) => claimBasket(ctx.db, input.basketId, ctx.user, ctx.config.guestLimits.unitsPerLine)),
});
