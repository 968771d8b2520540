import { z } from '../zod.js';
import { firstNameSchema } from './accounts.js';
import { consentShape } from './consent.js';
import { checkoutHistoryEntrySchema, checkoutLineSchema, checkoutStatusSchema, idempotencyKeySchema, itemInputSchema, phoneSchema } from './orders.js';

/**
 * One-click order in one step (docs/orders.md, "One click") and an order's status by its own link
 * ("Status link").
 */

/** POST /checkouts/one-click: one item, a name and a phone, the consent; the shop calls back. */
export const checkoutOneClickSchema = z.object({
  ...itemInputSchema.shape,
  firstName: firstNameSchema,
  phone: phoneSchema,
  ...consentShape,
  /** Same as the Idempotency-Key header (the header wins). */
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type CheckoutOneClickInput = z.input<typeof checkoutOneClickSchema>;

/** The client's one-step form: what the shopper types (the item comes from the product page). */
export const oneClickFormSchema = checkoutOneClickSchema.pick({ firstName: true, phone: true, consent: true });

/** The order link's token: 256 bits in base64url (43 characters). */
export const orderLinkSchema = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'Неверная ссылка на заказ'),
});

/**
 * GET /checkouts/by-link/{token}: what the link's holder may see. Only what the order's placer
 * typed or chose (first name, delivery address, lines) and the shop's own data (number, status and
 * its history, total); never the e-mail, the phone or who changed the status.
 */
export const orderByLinkSchema = z.object({
  id: z.number().int(),
  status: checkoutStatusSchema,
  oneClick: z.boolean(),
  callbackPending: z.boolean(),
  firstName: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  zipCode: z.string(),
  totalAmount: z.number(),
  totalQuantity: z.number().int(),
  lines: z.array(checkoutLineSchema),
  history: z.array(checkoutHistoryEntrySchema.omit({ changedBy: true })),
  createdAt: z.date(),
});
export type OrderByLink = z.infer<typeof orderByLinkSchema>;
