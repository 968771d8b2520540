import { phoneSchema } from '../phone.js';
import { z } from '../zod.js';
import { emailSchema, firstNameSchema, lastNameSchema } from './accounts.js';
import { idSchema, versionInputShape, wholeNumber } from './common.js';
import { addressInputSchema, checkoutStatusSchema, dateQuerySchema, itemInputSchema } from './orders.js';

/**
 * The staff's work on orders (docs/orders-staff.md): internal notes, the history of every change,
 * editing a New order paid on delivery, bulk status changes and the CSV export.
 */

// ---------------------------------------------------------------- history

export const checkoutEventKinds = ['status', 'lines', 'address', 'delivery', 'payment', 'note'] as const;
export const checkoutEventKindSchema = z.enum(checkoutEventKinds);
export type CheckoutEventKind = z.infer<typeof checkoutEventKindSchema>;

export const checkoutEventKindLabels: Record<CheckoutEventKind, string> = {
  status: 'Статус',
  lines: 'Состав заказа',
  address: 'Адрес и контакты',
  delivery: 'Доставка',
  payment: 'Оплата',
  note: 'Заметка',
};

/** One side of a change as the timeline shows it: a small summary, free-form per kind. */
const eventSideSchema = z.record(z.string(), z.unknown()).nullable();

export const checkoutEventSchema = z.object({
  id: z.number().int(),
  kind: checkoutEventKindSchema,
  before: eventSideSchema,
  after: eventSideSchema,
  /** The staff member; null: the shop itself (a payment, the expiry) or the shopper placing it. */
  changedBy: z.number().int().nullable(),
  changedByName: z.string().nullable(),
  createdAt: z.date(),
});
export type CheckoutEvent = z.infer<typeof checkoutEventSchema>;
export const checkoutEventListSchema = z.object({ rows: z.array(checkoutEventSchema) });

// ---------------------------------------------------------------- notes

export const noteTextSchema = z.string({ error: 'Напишите заметку' }).trim().min(1, 'Напишите заметку').max(2000, 'Заметка длиннее 2000 символов');

export const checkoutNoteInputSchema = z.object({ checkoutId: idSchema, text: noteTextSchema });
export const checkoutNoteFormSchema = z.object({ text: noteTextSchema });

export const checkoutNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  authorId: z.number().int().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.date(),
});
export type CheckoutNote = z.infer<typeof checkoutNoteSchema>;
export const checkoutNoteListSchema = z.object({ rows: z.array(checkoutNoteSchema) });

// ---------------------------------------------------------------- edits

/** A line as the admin sets it: a variant, its size, how many (staff's phone orders' bound: 999). */
export const editLineSchema = itemInputSchema.extend({ quantity: wholeNumber(1, 999) });

/** PUT /checkouts/{id}/lines: the whole new list of lines; lines kept keep their order price. */
export const checkoutLinesEditSchema = z.object({
  checkoutId: idSchema,
  lines: z.array(editLineSchema).min(1, 'В заказе должен остаться хотя бы один товар. Чтобы отказаться от заказа, отмените его.').max(100),
  ...versionInputShape,
});

/** The address and contacts of an order as the admin edits them (one-click orders may have no e-mail). */
export const checkoutAddressFieldsSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: z.union([z.literal(''), emailSchema]),
  phone: phoneSchema,
  address: addressInputSchema.shape.address,
  city: addressInputSchema.shape.city,
  country: addressInputSchema.shape.country,
  zipCode: addressInputSchema.shape.zipCode,
  comment: z.string().trim().max(1000, 'Слишком длинный комментарий').default(''),
});
export type CheckoutAddressFields = z.input<typeof checkoutAddressFieldsSchema>;

/** PUT /checkouts/{id}/address. */
export const checkoutAddressEditSchema = checkoutAddressFieldsSchema.extend({ checkoutId: idSchema, ...versionInputShape });

// ---------------------------------------------------------------- bulk and export

export const checkoutBulkStatusSchema = z.object({
  checkoutIds: z.array(idSchema).min(1, 'Выберите заказы').max(100, 'Не больше 100 заказов за раз'),
  status: checkoutStatusSchema,
});

export const checkoutBulkResultSchema = z.object({
  results: z.array(
    z.object({
      checkoutId: z.number().int(),
      ok: z.boolean(),
      /** The order's status after the call (null: no such order). */
      status: checkoutStatusSchema.nullable(),
      /** Why it was refused (Russian), null when it moved. */
      message: z.string().nullable(),
    }),
  ),
});
export type CheckoutBulkResult = z.infer<typeof checkoutBulkResultSchema>;

/** GET /api/checkouts/export: the orders created in [createdFrom, createdTo], optionally of one status. */
export const checkoutExportQuerySchema = z.object({
  createdFrom: dateQuerySchema.optional(),
  createdTo: dateQuerySchema.optional(),
  status: checkoutStatusSchema.optional(),
});
