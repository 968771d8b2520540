import { okSchema } from '../../../shared/schemas/common.js';
import {
  addressIdSchema,
  addressInputSchema,
  addressListResponseSchema,
  addressListSchema,
  addressSchema,
  addressUpdateSchema,
  directAddressSchema,
} from '../../../shared/schemas/orders.js';
import { guestLimited, publicProcedure, router, userProcedure } from '../../trpc.js';
import { createAddress, createDirectAddress, deleteAddress, getAddress, listAddresses, updateAddress } from '../../services/orders/addresses.js';

const tags = ['addresses'];

/** A signed-in user's own addresses (Admin: anyone's); /addresses/direct for a shopper without an account. */
export const addressesRouter = router({
  list: userProcedure
    .meta({ openapi: { method: 'GET', path: '/addresses', tags, protect: true, summary: 'Свои адреса (первый адрес: limit=1)' } })
    .input(addressListSchema)
    .output(addressListResponseSchema)
    .query(({ ctx, input }) => listAddresses(ctx.db, input, ctx.user)),

  create: userProcedure
    .meta({ openapi: { method: 'POST', path: '/addresses', tags, protect: true, summary: 'Новый адрес' } })
    .input(addressInputSchema)
    .output(addressSchema)
    .mutation(({ ctx, input }) => createAddress(ctx.db, input, ctx.user.id)),

  direct: publicProcedure
    .use(guestLimited('guestAddressPerIp'))
    .meta({
      openapi: {
        method: 'POST',
        path: '/addresses/direct',
        tags,
        summary: 'Адрес покупателя без учётной записи',
        description:
          'The answered `id` with its `addressToken` (shown only here) serves one POST /checkouts/direct within 24 hours; ' +
          'an id without its token is answered 404.',
      },
    })
    .input(addressInputSchema)
    .output(directAddressSchema)
    .mutation(({ ctx, input }) => createDirectAddress(ctx.db, input)),

  get: userProcedure
    .meta({ openapi: { method: 'GET', path: '/addresses/{addressId}', tags, protect: true } })
    .input(addressIdSchema)
    .output(addressSchema)
    .query(({ ctx, input }) => getAddress(ctx.db, input.addressId, ctx.user)),

  update: userProcedure
    .meta({ openapi: { method: 'PUT', path: '/addresses/{addressId}', tags, protect: true } })
    .input(addressUpdateSchema)
    .output(addressSchema)
    .mutation(({ ctx, input: { addressId, ...fields } }) => updateAddress(ctx.db, addressId, fields, ctx.user)),

  delete: userProcedure
    .meta({ openapi: { method: 'DELETE', path: '/addresses/{addressId}', tags, protect: true } })
    .input(addressIdSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => deleteAddress(ctx.db, input.addressId, ctx.user)),
});
