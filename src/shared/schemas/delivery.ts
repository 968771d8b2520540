import { z } from '../zod.js';
import { rublesSchema } from './catalogue.js';
import { decimalQuerySchema, idSchema, nameSchema } from './common.js';

/**
 * Delivery methods, their price rules and the shop's pickup points (docs/delivery.md). Prices are
 * rubles outside the database, as everywhere.
 */

/** Courier to the door (priced by city zone), pickup from the shop's own points, Почта России. */
export const deliveryKinds = ['courier', 'pickup', 'post'] as const;
export const deliveryKindSchema = z.enum(deliveryKinds);
export type DeliveryKind = (typeof deliveryKinds)[number];
export const deliveryKindLabels: Record<DeliveryKind, string> = {
  courier: 'Курьер',
  pickup: 'Самовывоз',
  post: 'Почта России',
};

/** A delivery price in rubles: zero is a price here (free pickup), unlike a product's. */
const deliveryPriceSchema = z
  .number({ error: 'Укажите цену числом' })
  .min(0, 'Цена не может быть отрицательной')
  .max(100_000_000, 'Слишком большая цена')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Не больше двух знаков после запятой');

const daysSchema = z.number().int('Укажите целое число дней').min(0, 'Срок не может быть отрицательным').max(90, 'Слишком долгий срок');
const citiesSchema = z.array(z.string().trim().min(1).max(100)).max(200, 'Слишком много городов');

/**
 * A courier zone: the cities it covers (compared case-insensitively, «ё» as «е»), its own price and
 * free-delivery threshold. A courier method delivers only to the cities of its zones.
 */
export const deliveryZoneInputSchema = z
  .object({
  name: nameSchema,
  cities: citiesSchema.min(1, 'Укажите хотя бы один город'),
  price: deliveryPriceSchema,
  /** From this order amount (rubles, the goods) delivery is free; null: never free. */
  freeFrom: rublesSchema.nullable().default(null),
  minDays: daysSchema,
  maxDays: daysSchema,
})
  .refine((value) => value.maxDays >= value.minDays, { path: ['maxDays'], message: 'Срок «до» не может быть меньше срока «от»' });

/** The admin's form of a method. `price`, `freeFrom` and days apply to pickup and post; a courier uses its zones. */
export const deliveryMethodInputSchema = z
  .object({
    kind: deliveryKindSchema,
    name: nameSchema,
    description: z.string().trim().max(1000, 'Слишком длинное описание').default(''),
    price: deliveryPriceSchema.default(0),
    freeFrom: rublesSchema.nullable().default(null),
    minDays: daysSchema.default(1),
    maxDays: daysSchema.default(3),
    active: z.boolean().default(true),
    position: z.number().int().min(0).max(10_000).default(0),
    zones: z.array(deliveryZoneInputSchema).max(50).default([]),
  })
  .refine((value) => value.maxDays >= value.minDays, { path: ['maxDays'], message: 'Срок «до» не может быть меньше срока «от»' })
  .refine((value) => value.kind !== 'courier' || value.zones.length > 0, { path: ['zones'], message: 'Добавьте курьеру хотя бы одну зону' });
export type DeliveryMethodInput = z.input<typeof deliveryMethodInputSchema>;

export const deliveryZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cities: z.array(z.string()),
  price: z.number(),
  freeFrom: z.number().nullable(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});

export const deliveryMethodSchema = z.object({
  id: z.number().int(),
  kind: deliveryKindSchema,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  freeFrom: z.number().nullable(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  /** «2–4 дня», «завтра», «сегодня» (for a courier: over all its zones). */
  estimate: z.string(),
  active: z.boolean(),
  position: z.number().int(),
  zones: z.array(deliveryZoneSchema),
  version: z.number().int(),
});
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

export const deliveryMethodIdSchema = z.object({ methodId: idSchema });
export const deliveryMethodUpdateSchema = z.object({ methodId: idSchema, data: deliveryMethodInputSchema, version: z.number().int().optional() });

/** A pickup point of the shop: where, when, and a point on the map. */
export const pickupPointInputSchema = z.object({
  name: nameSchema,
  city: z.string().trim().min(1, 'Укажите город').max(100, 'Слишком длинное название города'),
  address: z.string().trim().min(1, 'Укажите адрес').max(300, 'Слишком длинный адрес'),
  /** «Пн–Пт 10:00–20:00, Сб 11:00–18:00» */
  hours: z.string().trim().min(1, 'Укажите часы работы').max(200, 'Слишком длинное описание часов работы'),
  latitude: z.number().min(-90, 'Широта от −90 до 90').max(90, 'Широта от −90 до 90'),
  longitude: z.number().min(-180, 'Долгота от −180 до 180').max(180, 'Долгота от −180 до 180'),
  active: z.boolean().default(true),
});
export type PickupPointInput = z.input<typeof pickupPointInputSchema>;

export const pickupPointSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  hours: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** A link that opens the point in Yandex Maps. */
  mapUrl: z.string(),
  active: z.boolean(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

export const pickupPointIdSchema = z.object({ pointId: idSchema });
export const pickupPointUpdateSchema = z.object({ pointId: idSchema, data: pickupPointInputSchema });

/** A removal: deleted, or (when orders name it) made inactive so that it stays in their history. */
export const deliveryRemovedSchema = z.object({ ok: z.literal(true), deactivated: z.boolean() });

export const deliveryMethodListSchema = z.array(deliveryMethodSchema);
export const pickupPointListSchema = z.array(pickupPointSchema);

/** What the checkout sends about delivery (both checkouts, REST and tRPC). */
export const deliveryChoiceShape = {
  /** Required when the shop has active methods; a shop without any takes orders «по согласованию». */
  deliveryMethodId: idSchema.optional(),
  /** Required with a pickup method. */
  pickupPointId: idSchema.optional(),
};

/** delivery.quote: what a method costs for these goods and this city (the checkout's live total). */
export const deliveryQuoteInputSchema = z.object({
  deliveryMethodId: idSchema,
  pickupPointId: idSchema.optional(),
  city: z.string().trim().max(100).default(''),
  /** Почта России: the postcode when known (six digits); another value makes the quote unavailable. */
  zipCode: z.string().trim().max(20).optional(),
  /** The goods' amount in rubles (the basket's total); a query string's digits are read as a number. */
  amount: decimalQuerySchema.pipe(z.number().max(100_000_000_000, 'Слишком большая сумма')),
});
export const deliveryQuoteSchema = z.object({
  available: z.boolean(),
  /** Why not, in Russian («Курьер не доставляет в город Томск»). */
  reason: z.string().nullable(),
  cost: z.number(),
  estimate: z.string(),
  /** The goods' amount from which this method (zone) is free, or null. */
  freeFrom: z.number().nullable(),
});
export type DeliveryQuote = z.infer<typeof deliveryQuoteSchema>;

/** The public list: active methods with the lowest free-delivery threshold, for the basket's hint. */
export const deliveryOptionsSchema = z.object({
  methods: z.array(deliveryMethodSchema),
  pickupPoints: z.array(pickupPointSchema),
  /** The lowest goods' amount from which some method delivers free, or null. */
  freeFrom: z.number().nullable(),
});
export type DeliveryOptions = z.infer<typeof deliveryOptionsSchema>;

/** The delivery as recorded on an order: a snapshot, never recomputed. */
export const orderDeliverySchema = z.object({
  methodId: z.number().int().nullable(),
  kind: deliveryKindSchema,
  name: z.string(),
  estimate: z.string(),
  cost: z.number(),
  /** The pickup point as it was at the order: name, address, hours. */
  pickupPoint: z.object({ id: z.number().int().nullable(), name: z.string(), address: z.string(), hours: z.string() }).nullable(),
});
export type OrderDelivery = z.infer<typeof orderDeliverySchema>;

/** checkouts.setDelivery (Admin): completes or changes the delivery of an order not yet shipped. */
export const orderDeliveryUpdateSchema = z.object({
  checkoutId: idSchema,
  ...deliveryChoiceShape,
  address: z
    .object({
      address: z.string().trim().max(300),
      city: z.string().trim().max(100),
      country: z.string().trim().max(100).default('Россия'),
      zipCode: z.string().trim().max(20),
    })
    .optional(),
});
