import {
  checkoutAddressEditSchema,
  checkoutBulkResultSchema,
  checkoutBulkStatusSchema,
  checkoutEventListSchema,
  checkoutLinesEditSchema,
  checkoutNoteInputSchema,
  checkoutNoteListSchema,
} from '../../../shared/schemas/orders-staff.js';
import { checkoutIdSchema, checkoutSchema } from '../../../shared/schemas/orders.js';
import { adminProcedure } from '../../trpc.js';
import { bulkChangeStatus } from '../../services/orders/checkout-bulk.js';
import { editCheckoutAddress, editCheckoutLines } from '../../services/orders/checkout-edit.js';
import { listOrderEvents } from '../../services/orders/checkout-events.js';
import { addNote, listNotes } from '../../services/orders/checkout-notes.js';
import { getCheckout } from '../../services/orders/checkout-read.js';

const tags = ['checkouts'];
const editRule = 'Only while the order is New and paid on delivery (else 409); a stale `version` 409.';

/** The staff's work on orders (docs/orders-staff.md), Admin only; merged into orders.checkouts. */
export const checkoutStaffProcedures = {
  notes: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/checkouts/{checkoutId}/notes', tags, protect: true, summary: 'Внутренние заметки к заказу' } })
    .input(checkoutIdSchema)
    .output(checkoutNoteListSchema)
    .query(async ({ ctx, input }) => ({ rows: await listNotes(ctx.db, input.checkoutId) })),

  addNote: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/checkouts/{checkoutId}/notes', tags, protect: true, summary: 'Добавить внутреннюю заметку к заказу', description: 'Body `{ text }` (1–2000 characters). Answers all the notes of the order.' } })
    .input(checkoutNoteInputSchema)
    .output(checkoutNoteListSchema)
    .mutation(async ({ ctx, input }) => ({ rows: await addNote(ctx.db, input.checkoutId, input.text, ctx.user.id) })),

  events: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/checkouts/{checkoutId}/events', tags, protect: true, summary: 'История изменений заказа', description: 'Every change: status, lines, address, delivery, payment, note — before and after, who (null: the shop or the shopper), when; oldest first.' } })
    .input(checkoutIdSchema)
    .output(checkoutEventListSchema)
    .query(async ({ ctx, input }) => {
      await getCheckout(ctx.db, input.checkoutId, ctx.user);
      return { rows: await listOrderEvents(ctx.db, input.checkoutId) };
    }),

  editLines: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/checkouts/{checkoutId}/lines',
        tags,
        protect: true,
        summary: 'Изменить состав заказа',
        description: `Body \`{ lines: [{ variantId, sizeId, quantity }], version }\`: the whole new list. Kept lines keep their order price, new ones take today's; stock is taken or returned and the total (goods + the delivery's recorded cost) computed again. ${editRule}`,
      },
    })
    .input(checkoutLinesEditSchema)
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => editCheckoutLines(ctx.db, input, ctx.user.id)),

  editAddress: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/checkouts/{checkoutId}/address',
        tags,
        protect: true,
        summary: 'Изменить адрес и контакты заказа',
        description: `Body: names, e-mail, phone, address, city, country, zip code, comment, \`version\`. The delivery's cost stays as recorded (PUT /checkouts/{checkoutId}/delivery prices it again). ${editRule}`,
      },
    })
    .input(checkoutAddressEditSchema)
    .output(checkoutSchema)
    .mutation(({ ctx, input }) => editCheckoutAddress(ctx.db, input, ctx.user.id)),

  bulkStatus: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkouts/bulk-status',
        tags,
        protect: true,
        summary: 'Сменить статус нескольких заказов',
        description: 'Body `{ checkoutIds, status }` (up to 100). Each order moves on its own by the rules of PUT /checkouts/{checkoutId}; the answer lists each: moved, or refused with the reason.',
      },
    })
    .input(checkoutBulkStatusSchema)
    .output(checkoutBulkResultSchema)
    .mutation(({ ctx, input }) => bulkChangeStatus(ctx, input.checkoutIds, input.status, ctx.user.id)),
};
