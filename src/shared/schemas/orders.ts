import { maxUnitsPerLine } from '../order-limits.js';
import { phoneSchema } from '../phone.js';
import { z } from '../zod.js';
import { productCardSchema } from './catalogue.js';
import { cursorShape, decimalQuerySchema, flagSchema, idSchema, limitSchema, listResponse, nextCursorShape, orderBySchema, wholeNumber } from './common.js';
import { emailSchema, firstNameSchema, lastNameSchema } from './accounts.js';
import { deliveryChoiceShape, orderDeliverySchema } from './delivery.js';
import { checkoutPaymentSchema, paymentMethodSchema, paymentStatusSchema } from './payments.js';
import { consentShape } from './consent.js';

/**
 * The orders contract (docs/orders.md): baskets, wishlists,
 * addresses and checkouts. Money is rubles here; the server stores kopecks and computes every
 * price and total itself (whatever a client sends about money or statuses is ignored).
 */

// ---------------------------------------------------------------- statuses

export const basketStatuses = ['Active', 'Ordered'] as const;
export const basketStatusSchema = z.enum(basketStatuses);
export type BasketStatus = z.infer<typeof basketStatusSchema>;

export const checkoutStatuses = ['AwaitingPayment', 'New', 'InDelivery', 'Completed', 'Canceled'] as const;
export const checkoutStatusSchema = z.enum(checkoutStatuses);
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

export const checkoutStatusLabels: Record<CheckoutStatus, string> = {
  AwaitingPayment: 'Ожидает оплаты',
  New: 'Новый',
  InDelivery: 'Доставляется',
  Completed: 'Завершён',
  Canceled: 'Отменён',
};

/** An order's statuses move New → InDelivery → Completed; New or InDelivery → Canceled. Nothing else. */
export const checkoutMoves: Record<CheckoutStatus, readonly CheckoutStatus[]> = {
  /** → New only by the payment itself (docs/payments.md), never by hand. */
  AwaitingPayment: ['New', 'Canceled'],
  New: ['InDelivery', 'Canceled'],
  InDelivery: ['Completed', 'Canceled'],
  Completed: [],
  Canceled: [],
};

// ---------------------------------------------------------------- common pieces

export const uuidSchema = z.string().trim().toLowerCase().pipe(z.uuid('Неверный идентификатор'));

/** A point in time in a query string (ISO 8601, e.g. 2026-11-01 or 2026-11-01T10:00:00Z) or a Date. */
export const dateQuerySchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? new Date(value) : value),
  z.date({ error: 'Ожидается дата в формате ГГГГ-ММ-ДД' }),
);

const text = (label: string, max = 200) =>
  z.string({ error: `Укажите ${label}` }).trim().min(1, `Укажите ${label}`).max(max, `Слишком длинное значение: ${label}`);

/** A Russian phone in any usual spelling, stored as +7XXXXXXXXXX (src/shared/phone.ts). */
export { phoneSchema } from '../phone.js';

export const zipCodeSchema = z
  .string({ error: 'Укажите индекс' })
  .trim()
  .regex(/^[0-9A-Za-z -]{3,10}$/, 'Введите почтовый индекс, например 123456');

export const quantitySchema = wholeNumber(1).pipe(z.number().max(maxUnitsPerLine, `Не больше ${maxUnitsPerLine} шт. одного товара`));

/** One item the shopper wants: a variant, its size when the product has sizes, how many. */
export const itemInputSchema = z.object({
  variantId: idSchema,
  sizeId: idSchema.nullable().optional(),
  quantity: quantitySchema.default(1),
});
const staffItemInputSchema = itemInputSchema.extend({ quantity: wholeNumber(1, 999).default(1) });
export type ItemInput = z.input<typeof itemInputSchema>;

// ---------------------------------------------------------------- baskets

export const basketIdSchema = z.object({ basketId: uuidSchema });

/** PUT /baskets/{id}: the whole list of lines; anything else a client sends is ignored. */
export const basketUpdateSchema = z.object({
  basketId: uuidSchema,
  orderProducts: z.array(itemInputSchema).max(100, 'В корзине может быть не больше 100 позиций'),
});

export const basketCreateSchema = z.object({
  orderProducts: z.array(itemInputSchema).max(100, 'В корзине может быть не больше 100 позиций').optional(),
});

/**
 * A basket line's state: `ok`; `short` (fewer in stock than asked: `available` says how many);
 * `soldOut` (none in stock); `withdrawn` (the product is not offered for sale); `gone` (the variant
 * or its size no longer exists). Only `ok` lines count in the total and can be ordered.
 */
export const lineStates = ['ok', 'short', 'soldOut', 'withdrawn', 'gone'] as const;
export const lineStateSchema = z.enum(lineStates);
export type LineState = z.infer<typeof lineStateSchema>;

export const basketLineSchema = z.object({
  variantId: z.number().int(),
  sizeId: z.number().int().nullable(),
  quantity: z.number().int(),
  productId: z.number().int().nullable(),
  name: z.string(),
  url: z.string().nullable(),
  article: z.string().nullable(),
  color: z.object({ id: z.number().int(), name: z.string(), code: z.string() }).nullable(),
  size: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  image: z.string().nullable(),
  /** Current unit price (rubles); null when the variant is gone. */
  price: z.number().nullable(),
  oldPrice: z.number().nullable(),
  /** price × quantity when the line can be ordered in full (`state` ok), else 0: the lines add up to the basket's total. */
  lineTotal: z.number(),
  /** How many can be ordered now (stock, 0 when withdrawn or gone). */
  available: z.number().int(),
  state: lineStateSchema,
});
export type BasketLine = z.infer<typeof basketLineSchema>;

export const basketSchema = z.object({
  id: z.string(),
  userId: z.number().int().nullable(),
  status: basketStatusSchema,
  orderProducts: z.array(basketLineSchema),
  /** The sum of the `ok` lines, from current prices (rubles). */
  totalAmount: z.number(),
  totalQuantity: z.number().int(),
  /** Some line is not `ok`: the checkout refuses until it is fixed or removed. */
  hasProblems: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Basket = z.infer<typeof basketSchema>;

export const basketSortColumns = ['updatedAt', 'createdAt', 'totalAmount'] as const;

export const basketListSchema = z.object({
  userId: idSchema.optional(),
  minTotalAmount: decimalQuerySchema.optional(),
  maxTotalAmount: decimalQuerySchema.optional(),
  status: basketStatusSchema.optional(),
  updatedFrom: dateQuerySchema.optional(),
  updatedTo: dateQuerySchema.optional(),
  sortBy: z.enum(basketSortColumns).default('updatedAt'),
  orderBy: orderBySchema.default('desc'),
  limit: limitSchema(1000, 20),
  offset: wholeNumber(0).default(0),
});

export const basketSummarySchema = z.object({
  id: z.string(),
  userId: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  status: basketStatusSchema,
  /** The server-computed total at the basket's last change (rubles). */
  totalAmount: z.number(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type BasketSummary = z.infer<typeof basketSummarySchema>;
export const basketListResponseSchema = listResponse(basketSummarySchema);

/** baskets.claim (tRPC): after sign-in, the browser's basket becomes (or merges into) the user's. */
export const basketClaimSchema = z.object({ basketId: uuidSchema.optional() });

// ---------------------------------------------------------------- wishlists

export const wishlistIdSchema = z.object({ wishlistId: uuidSchema });
const productIdsSchema = z.array(idSchema).max(500, 'В избранном может быть не больше 500 товаров');
export const wishlistCreateSchema = z.object({ products: productIdsSchema.optional() });
export const wishlistUpdateSchema = z.object({ wishlistId: uuidSchema, products: productIdsSchema });

export const wishlistSchema = z.object({
  id: z.string(),
  userId: z.number().int().nullable(),
  /** Product ids, in the order they were added. */
  products: z.array(z.number().int()),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

export const wishlistListSchema = z.object({
  userId: idSchema.optional(),
  limit: limitSchema(1000, 20),
  offset: wholeNumber(0).default(0),
});
export const wishlistListResponseSchema = listResponse(wishlistSchema);

/** GET /wishlists/wishlistProducts/{id}: the products as catalogue cards. */
export const wishlistProductsSchema = z.array(productCardSchema);

// ---------------------------------------------------------------- addresses

export const addressInputSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  address: text('адрес', 300),
  city: text('город', 100),
  country: text('страну', 100).default('Россия'),
  zipCode: zipCodeSchema,
  phone: phoneSchema.optional(),
  /** true makes it the user's default address (the others stop being it); false or absent changes nothing. */
  isDefault: z.boolean().optional(),
});

export const addressSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  zipCode: z.string(),
  phone: z.string(),
  /** The user's default address: the checkout fills it in. */
  isDefault: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Address = z.infer<typeof addressSchema>;

/** POST /addresses/direct: the address and the token that alone lets a direct checkout use it. */
export const directAddressSchema = addressSchema.extend({
  addressToken: z.string().meta({ description: 'Send it as `addressToken` with `addressId` to POST /checkouts/direct; it is shown only once.' }),
});
export type DirectAddress = z.infer<typeof directAddressSchema>;

export const addressIdSchema = z.object({ addressId: idSchema });
export const addressUpdateSchema = z.object({ addressId: idSchema, ...addressInputSchema.shape });

const filterText = z.string().trim().min(1).max(200).optional();
export const addressSortColumns = ['id', 'createdAt', 'updatedAt', 'city', 'lastName'] as const;
export const addressListSchema = z.object({
  /** Admin only: another user's addresses. A User may name only their own id. */
  userId: idSchema.optional(),
  /** First or last name contains. */
  names: filterText,
  address: filterText,
  city: filterText,
  country: filterText,
  zipCode: filterText,
  sortBy: z.enum(addressSortColumns).default('id'),
  orderBy: orderBySchema.default('asc'),
  limit: limitSchema(1000, 20),
  offset: wholeNumber(0).default(0),
});
export const addressListResponseSchema = listResponse(addressSchema);

// ---------------------------------------------------------------- checkouts

export const idempotencyKeyLength = { min: 16, max: 200 } as const;
const idempotencyKeyMessage = `Ключ идемпотентности (Idempotency-Key) — от ${idempotencyKeyLength.min} до ${idempotencyKeyLength.max} символов, например UUID`;
/** A client's key for one submitted form: long enough not to be guessed or shared by chance. */
export const idempotencyKeySchema = z.string().trim().min(idempotencyKeyLength.min, idempotencyKeyMessage).max(idempotencyKeyLength.max, idempotencyKeyMessage);

/** The delivery address typed into the checkout form. */
export const deliveryInputSchema = addressInputSchema.pick({ address: true, city: true, country: true, zipCode: true });

const checkoutCommon = {
  /** The order as a basket (default for a signed-in shopper: their active basket). */
  basketId: uuidSchema.optional(),
  /** One-click buy from the product page: one variant and size, no basket. */
  oneClick: itemInputSchema.optional(),
  /** An address of one's own (POST /checkouts) or from POST /addresses/direct (direct). */
  addressId: idSchema.optional(),
  /** Or the address typed in. */
  address: deliveryInputSchema.optional(),
  phone: phoneSchema,
  comment: z.string().trim().max(1000, 'Слишком длинный комментарий').default(''),
  /** Same as the Idempotency-Key header (the header wins): a repeated submit gives the same order. */
  idempotencyKey: idempotencyKeySchema.optional(),
  /** The delivery method and pickup point (docs/delivery.md); a pickup order needs no address. */
  ...deliveryChoiceShape,
  /** On delivery (default) or online (docs/payments.md). */
  paymentMethod: paymentMethodSchema.default('onDelivery'),
  ...consentShape,
};

/** POST /checkouts (signed in): names and e-mail default to the address's and the account's. */
export const checkoutCreateSchema = z.object({
  ...checkoutCommon,
  /** Keep the typed `address` among one's addresses (not when it is already kept). */
  saveAddress: z.boolean().default(false),
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  email: emailSchema.optional(),
});

/** POST /checkouts/direct (no account): contact details required. */
export const checkoutDirectSchema = z.object({
  ...checkoutCommon,
  /** With `addressId`: the token POST /addresses/direct answered. */
  addressToken: z.string().trim().min(1).max(100).optional(),
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
});

/** checkouts.createByStaff (tRPC, Admin): an order taken by phone. */
export const checkoutStaffCreateSchema = z.object({
  userId: idSchema.optional(),
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  address: deliveryInputSchema,
  comment: z.string().trim().max(1000, 'Слишком длинный комментарий').default(''),
  items: z.array(staffItemInputSchema).min(1, 'Добавьте хотя бы один товар').max(100),
  idempotencyKey: idempotencyKeySchema.optional(),
  ...deliveryChoiceShape,
});

export const checkoutLineSchema = z.object({
  productId: z.number().int(),
  variantId: z.number().int(),
  sizeId: z.number().int().nullable(),
  name: z.string(),
  url: z.string(),
  article: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price at the time of the order (rubles). */
  price: z.number(),
  lineTotal: z.number(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const checkoutHistoryEntrySchema = z.object({
  fromStatus: checkoutStatusSchema.nullable(),
  toStatus: checkoutStatusSchema,
  changedBy: z.number().int().nullable(),
  createdAt: z.date(),
});

export const checkoutSchema = z.object({
  id: z.number().int(),
  status: checkoutStatusSchema,
  userId: z.number().int().nullable(),
  basketId: z.string().nullable(),
  addressId: z.number().int().nullable(),
  oneClick: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  zipCode: z.string(),
  comment: z.string(),
  /** The goods plus the delivery's cost (rubles). */
  totalAmount: z.number(),
  /** The goods alone (rubles). */
  itemsAmount: z.number(),
  /** The delivery as recorded when the order was placed (or completed by the admin); null: none chosen. */
  delivery: orderDeliverySchema.nullable(),
  totalQuantity: z.number().int(),
  /** A one-click order the shop has not yet confirmed by phone («Перезвонить»). */
  callbackPending: z.boolean(),
  /** Only in the answer that placed an order without an account: the order's own status page (shown once). */
  statusUrl: z.string().optional().meta({ description: 'Только в ответе на заказ без учётной записи: ссылка на страницу статуса заказа (показывается один раз).' }),
  paymentMethod: paymentMethodSchema,
  paymentStatus: paymentStatusSchema,
  /** An online order not paid by then is cancelled. */
  payBy: z.date().nullable(),
  /** Only in the answers of placing an online order and of `pay`. */
  payment: checkoutPaymentSchema.optional(),
  lines: z.array(checkoutLineSchema),
  history: z.array(checkoutHistoryEntrySchema),
  /** Bumped by every change of the order (docs/orders-staff.md); the admin's edits may send it back. */
  version: z.number().int(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const checkoutIdSchema = z.object({ checkoutId: idSchema });

/** GET /checkouts/{checkoutId}/payment-state (docs/payments.md): the return page's read, for the owner or the payToken's holder. */
export const checkoutPaymentStateInputSchema = z.object({ checkoutId: idSchema, payToken: z.string().trim().min(1).max(100).optional() });
export const checkoutPaymentStateSchema = z.object({
  checkoutId: z.number().int(),
  status: checkoutStatusSchema,
  paymentMethod: paymentMethodSchema,
  paymentStatus: paymentStatusSchema,
  payBy: z.date().nullable(),
});
export type CheckoutPaymentState = z.infer<typeof checkoutPaymentStateSchema>;
export const checkoutStatusUpdateSchema = z.object({ checkoutId: idSchema, status: checkoutStatusSchema });

export const checkoutSortColumns = ['createdAt', 'updatedAt', 'id', 'totalAmount', 'status'] as const;
const checkoutListShape = {
  addressId: idSchema.optional(),
  basketId: uuidSchema.optional(),
  status: checkoutStatusSchema.optional(),
  createdFrom: dateQuerySchema.optional(),
  createdTo: dateQuerySchema.optional(),
  sortBy: z.enum(checkoutSortColumns).default('createdAt'),
  orderBy: orderBySchema.default('desc'),
  limit: limitSchema(1000, 20),
  offset: wholeNumber(0).default(0),
  ...cursorShape,
};
/** GET /checkouts: the caller's own orders. */
export const checkoutListSchema = z.object(checkoutListShape);
/** GET /checkouts/all (Admin): everyone's, plus userId and a customer search (name, e-mail, phone). */
export const checkoutAllSchema = z.object({ ...checkoutListShape, userId: idSchema.optional(), customer: filterText, callbackPending: flagSchema.optional(), paymentStatus: paymentStatusSchema.optional() });
export const checkoutListResponseSchema = listResponse(checkoutSchema).extend(nextCursorShape);

// ---------------------------------------------------------------- dashboard

/** checkouts.stats (tRPC, Admin): the /admin dashboard. Revenue leaves out cancelled orders. */
export const checkoutStatsSchema = z.object({
  days: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number() })),
  byStatus: z.object({ AwaitingPayment: z.number().int(), New: z.number().int(), InDelivery: z.number().int(), Completed: z.number().int(), Canceled: z.number().int() }),
  newOrders: z.number().int(),
  ordersToday: z.number().int(),
  orders30: z.number().int(),
  revenue30: z.number(),
  /** Money taken online in the last 30 days: paid minus refunded (rubles). */
  paidRevenue30: z.number(),
});
export type CheckoutStats = z.infer<typeof checkoutStatsSchema>;
