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

/** A procedure on the basket its path names, open to whoever holds it (a guest or its user). */
function onBasket(method: 'GET' | 'DELETE', path: `/baskets/${string}`, summary: string) {
  return publicProcedure.meta({ access: 'optional', openapi: { method, path, tags, summary } }).input(basketIdSchema);
}

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
  clear: onBasket('GET', '/baskets/clear/{basketId}', 'Очистить корзину')
    .output(basketSchema)
    .mutation(({ ctx, input }) => clearBasket(ctx.db, input.basketId, ctx.user)),

  get: onBasket('GET', '/baskets/{basketId}', 'Корзина с текущими ценами и наличием')
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

  delete: onBasket('DELETE', '/baskets/{basketId}', 'Удалить корзину')
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteBasket(ctx.db, input.basketId, ctx.user)),

  /** tRPC only: after sign-in the browser's basket becomes (or merges into) the user's. */
  claim: userProcedure
    .input(basketClaimSchema)
    .output(basketSchema.nullable())
    .mutation(({ ctx, input }) => claimBasket(ctx.db, input.basketId, ctx.user, ctx.config.guestLimits.unitsPerLine)),
});
