import {
  deliveryMethodIdSchema,
  deliveryMethodInputSchema,
  deliveryMethodListSchema,
  deliveryMethodSchema,
  deliveryMethodUpdateSchema,
  deliveryOptionsSchema,
  deliveryQuoteInputSchema,
  deliveryQuoteSchema,
  deliveryRemovedSchema,
  pickupPointIdSchema,
  pickupPointInputSchema,
  pickupPointListSchema,
  pickupPointSchema,
  pickupPointUpdateSchema,
} from '../../../shared/schemas/delivery.js';
import { z } from '../../../shared/zod.js';
import { createMethod, listMethods, removeMethod, updateMethod } from '../../services/delivery/methods.js';
import { deliveryOptions } from '../../services/delivery/options.js';
import { createPoint, listPoints, removePoint, updatePoint } from '../../services/delivery/points.js';
import { quote } from '../../services/delivery/quote.js';
import { adminProcedure, publicProcedure, router } from '../../trpc.js';

const tags = ['delivery'];
const removal = 'Deleted when no order names it; otherwise made inactive (`deactivated: true`). Orders keep their own copy of the delivery either way.';

const methodsRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/delivery-methods', tags, summary: 'Способы доставки (действующие), по порядку' } })
    .input(z.object({}))
    .output(deliveryMethodListSchema)
    .query(({ ctx }) => listMethods(ctx.db, true)),

  all: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/delivery-methods', tags, protect: true, summary: 'Все способы доставки, включая выключенные' } })
    .input(z.object({}))
    .output(deliveryMethodListSchema)
    .query(({ ctx }) => listMethods(ctx.db, false)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/delivery-methods', tags, protect: true, summary: 'Добавить способ доставки (курьеру — с зонами)' } })
    .input(deliveryMethodInputSchema)
    .output(deliveryMethodSchema)
    .mutation(({ ctx, input }) => createMethod(ctx.db, input)),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/delivery-methods/{methodId}',
        tags,
        protect: true,
        summary: 'Изменить способ доставки',
        description: 'Body `{ data, version }`: the zones are replaced by those sent. A stale `version` answers 409.',
      },
    })
    .input(deliveryMethodUpdateSchema)
    .output(deliveryMethodSchema)
    .mutation(({ ctx, input }) => updateMethod(ctx.db, input.methodId, input.data, input.version)),

  remove: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/admin/delivery-methods/{methodId}', tags, protect: true, summary: 'Удалить способ доставки', description: removal } })
    .input(deliveryMethodIdSchema)
    .output(deliveryRemovedSchema)
    .mutation(({ ctx, input }) => removeMethod(ctx.db, input.methodId)),
});

const pickupPointsRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/pickup-points', tags, summary: 'Пункты самовывоза (действующие)' } })
    .input(z.object({}))
    .output(pickupPointListSchema)
    .query(({ ctx }) => listPoints(ctx.db, true)),

  all: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/pickup-points', tags, protect: true, summary: 'Все пункты самовывоза, включая выключенные' } })
    .input(z.object({}))
    .output(pickupPointListSchema)
    .query(({ ctx }) => listPoints(ctx.db, false)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/pickup-points', tags, protect: true, summary: 'Добавить пункт самовывоза' } })
    .input(pickupPointInputSchema)
    .output(pickupPointSchema)
    .mutation(({ ctx, input }) => createPoint(ctx.db, input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/admin/pickup-points/{pointId}', tags, protect: true, summary: 'Изменить пункт самовывоза', description: 'Body `{ data }`.' } })
    .input(pickupPointUpdateSchema)
    .output(pickupPointSchema)
    .mutation(({ ctx, input }) => updatePoint(ctx.db, input.pointId, input.data)),

  remove: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/admin/pickup-points/{pointId}', tags, protect: true, summary: 'Удалить пункт самовывоза', description: removal } })
    .input(pickupPointIdSchema)
    .output(deliveryRemovedSchema)
    .mutation(({ ctx, input }) => removePoint(ctx.db, input.pointId)),
});

/** Delivery methods, pickup points and the price of a delivery (docs/delivery.md). */
export const deliveryRouter = router({
  options: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/delivery/options',
        tags,
        summary: 'Что предложить при оформлении: способы доставки, пункты самовывоза, порог бесплатной доставки',
        description: '`freeFrom`: the lowest goods’ amount (rubles) from which some active method or courier zone delivers free; null when none does.',
      },
    })
    .input(z.object({}))
    .output(deliveryOptionsSchema)
    .query(({ ctx }) => deliveryOptions(ctx.db)),

  quote: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/delivery/quote',
        tags,
        summary: 'Стоимость и срок доставки выбранным способом для суммы товаров и города',
        description: '`available: false` with a Russian `reason` when the method cannot deliver (no courier zone for the city, no pickup point, a wrong postcode). Free from `freeFrom` (inclusive).',
      },
    })
    .input(deliveryQuoteInputSchema)
    .output(deliveryQuoteSchema)
    .query(({ ctx, input }) => quote(ctx.db, input)),

  methods: methodsRouter,
  pickupPoints: pickupPointsRouter,
});
