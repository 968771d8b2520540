import { okSchema } from '../../../shared/schemas/common.js';
import {
  wishlistCreateSchema,
  wishlistIdSchema,
  wishlistListResponseSchema,
  wishlistListSchema,
  wishlistProductsSchema,
  wishlistSchema,
  wishlistUpdateSchema,
} from '../../../shared/schemas/orders.js';
import { adminProcedure, guestLimited, publicProcedure, router } from '../../trpc.js';
import { createWishlist, deleteWishlist, getWishlist, listWishlists, updateWishlist, wishlistProducts } from '../../services/orders/wishlists.js';

const tags = ['wishlists'];

export const wishlistsRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/wishlists', tags, protect: true, summary: 'Списки избранного (администратор)' } })
    .input(wishlistListSchema)
    .output(wishlistListResponseSchema)
    .query(({ ctx, input }) => listWishlists(ctx.db, input)),

  create: publicProcedure
    .use(guestLimited('guestWishlistPerIp'))
    .meta({ access: 'optional', openapi: { method: 'POST', path: '/wishlists', tags, summary: 'Новый список избранного' } })
    .input(wishlistCreateSchema)
    .output(wishlistSchema)
    .mutation(({ ctx, input }) => createWishlist(ctx.db, input.products ?? [], ctx.user)),

  products: publicProcedure
    .meta({ access: 'optional', openapi: { method: 'GET', path: '/wishlists/wishlistProducts/{wishlistId}', tags, summary: 'Товары избранного карточками каталога' } })
    .input(wishlistIdSchema)
    .output(wishlistProductsSchema)
    .query(({ ctx, input }) => wishlistProducts(ctx.db, input.wishlistId, ctx.user)),

  get: publicProcedure
    .meta({ access: 'optional', openapi: { method: 'GET', path: '/wishlists/{wishlistId}', tags, summary: 'Список избранного' } })
    .input(wishlistIdSchema)
    .output(wishlistSchema)
    .query(({ ctx, input }) => getWishlist(ctx.db, input.wishlistId, ctx.user)),

  update: publicProcedure
    .meta({ access: 'optional', openapi: { method: 'PUT', path: '/wishlists/{wishlistId}', tags, summary: 'Задать товары избранного (products: id товаров)' } })
    .input(wishlistUpdateSchema)
    .output(wishlistSchema)
    .mutation(({ ctx, input }) => updateWishlist(ctx.db, input.wishlistId, input.products, ctx.user)),

  delete: publicProcedure
    .meta({ access: 'optional', openapi: { method: 'DELETE', path: '/wishlists/{wishlistId}', tags, summary: 'Удалить список избранного' } })
    .input(wishlistIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteWishlist(ctx.db, input.wishlistId, ctx.user)),
});
