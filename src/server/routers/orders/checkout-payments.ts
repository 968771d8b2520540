import { checkoutIdSchema, checkoutPaymentStateInputSchema, checkoutPaymentStateSchema } from '../../../shared/schemas/orders.js';
import { checkoutPayAnswerSchema, checkoutPaymentsSchema, checkoutPaySchema, checkoutRefundSchema } from '../../../shared/schemas/payments.js';
import { adminProcedure, publicProcedure } from '../../trpc.js';
import { payCheckout } from '../../services/payments/pay.js';
import { checkoutPayments } from '../../services/payments/read.js';
import { refundCheckout } from '../../services/payments/refunds.js';
import { checkoutPaymentState } from '../../services/payments/state.js';

const tags = ['checkouts'];

/** Payments of an order (docs/payments.md); merged into orders.checkouts. */
export const checkoutPaymentProcedures = {
  pay: publicProcedure
    .meta({
      access: 'optional',
      openapi: {
        method: 'POST',
        path: '/checkouts/{checkoutId}/pay',
        tags,
        summary: 'Оплатить заказ онлайн (повторить попытку)',
        description:
          'For an order in «Ожидает оплаты»: answers where to send the shopper (`payment.confirmationUrl`). The owner signed in, or a guest with the `payToken` the checkout answered. The same payment is answered again, never a second one; 503 while the payment service does not answer.',
      },
    })
    .input(checkoutPaySchema)
    .output(checkoutPayAnswerSchema)
    .mutation(({ ctx, input }) => payCheckout(ctx, input.checkoutId, input.payToken)),

  paymentState: publicProcedure
    .meta({
      access: 'optional',
      openapi: {
        method: 'GET',
        path: '/checkouts/{checkoutId}/payment-state',
        tags,
        summary: 'Состояние оплаты заказа',
        description: 'The order\'s status and payment status for the page the shopper returns to from the payment service: the owner signed in, or a guest with the `payToken` the checkout answered; anyone else 403.',
      },
    })
    .input(checkoutPaymentStateInputSchema)
    .output(checkoutPaymentStateSchema)
    .query(({ ctx, input }) => checkoutPaymentState(ctx, input.checkoutId, input.payToken)),

  refund: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkouts/{checkoutId}/refunds',
        tags,
        protect: true,
        summary: 'Вернуть деньги за часть заказа',
        description: 'Body `{ lines: [{ variantId, sizeId, quantity }] }` (returned goods at their order price) or `{ amount }` (e.g. the delivery). Never more than paid minus refunded (409).',
      },
    })
    .input(checkoutRefundSchema)
    .output(checkoutPaymentsSchema)
    .mutation(async ({ ctx, input }) => {
      await refundCheckout(ctx, input, ctx.user.id);
      return checkoutPayments(ctx.db, input.checkoutId);
    }),

  payments: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/checkouts/{checkoutId}/payments', tags, protect: true, summary: 'Платежи и возвраты заказа' } })
    .input(checkoutIdSchema)
    .output(checkoutPaymentsSchema)
    .query(({ ctx, input }) => checkoutPayments(ctx.db, input.checkoutId)),
};
