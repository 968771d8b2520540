import { z } from '../zod.js';
import { emailSchema } from './accounts.js';
import { rublesSchema } from './catalogue.js';
import { idSchema } from './common.js';

/**
 * Back-in-stock and price-drop alerts (docs/stock-alerts.md). Prices are rubles, as everywhere
 * outside the database.
 */

export const stockAlertKinds = ['restock', 'price'] as const;
export type StockAlertKind = (typeof stockAlertKinds)[number];

/** POST /stock-alerts: the item (a colour and a size, or no size) and, for a guest, the address. */
export const stockAlertInputSchema = z.object({
  variantId: idSchema,
  sizeId: idSchema.nullable().default(null),
  /** Required without a session; a signed-in shopper's alerts go to their account's address. */
  email: emailSchema.optional(),
  /** Also tell when the colour's price goes below `price`. */
  priceDrop: z.boolean().default(false),
  /** The price the shopper saw (rubles); a price drop is counted from it, or from today's price when lower. */
  price: rublesSchema.optional(),
});

/** `active`: waiting from now on (signed in); `confirmation`: a letter with a link went to the address. */
export const stockAlertCreatedSchema = z.object({ status: z.enum(['active', 'confirmation']) });

export const stockAlertConfirmSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Неверная ссылка') });
export const stockAlertMailIdSchema = z.object({ mailId: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Неверная ссылка') });

/** What one alert waits for, as its owner (the holder of its link) sees it. */
export const stockAlertSchema = z.object({
  email: z.string(),
  kind: z.enum(stockAlertKinds),
  productName: z.string(),
  productUrl: z.string(),
  colorName: z.string().nullable(),
  sizeName: z.string().nullable(),
  /** Rubles: the price a price alert counts from. */
  seenPrice: z.number().nullable(),
  confirmed: z.boolean(),
  /** Its letter went out: it waits no more. */
  done: z.boolean(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

/** The confirmation link: the alerts it made active (one, or two with the price drop). */
export const stockAlertConfirmedSchema = z.object({ alerts: z.array(stockAlertSchema) });

export const stockAlertCancelledSchema = z.object({ cancelled: z.number().int() });

/** GET /stock-alerts?productId=: per item of the product, how many shoppers wait (confirmed alerts only). */
export const stockAlertCountsInputSchema = z.object({ productId: idSchema });
export const stockAlertCountSchema = z.object({
  variantId: z.number().int(),
  sizeId: z.number().int().nullable(),
  restock: z.number().int(),
  price: z.number().int(),
});
export const stockAlertCountsSchema = z.object({ items: z.array(stockAlertCountSchema) });
export type StockAlertCount = z.infer<typeof stockAlertCountSchema>;

/** The Russian refusals of the alerts. */
export const stockAlertMessages = {
  emailRequired: 'Укажите e-mail, на который сообщить о поступлении.',
  itemNotFound: 'Такого товара или размера нет.',
  inStock: 'Этот товар есть в наличии — его можно заказать сейчас.',
  linkNotFound: 'Оповещение не найдено: возможно, оно уже отменено.',
} as const;
