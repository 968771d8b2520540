import { z } from '../zod.js';
import { idSchema, wholeNumber } from './common.js';

/**
 * The payments contract (docs/payments.md): how an order is paid, where its money stands, the
 * payment attempts and refunds the admin sees. Money is rubles here, kopecks in the database.
 */

export const paymentMethods = ['onDelivery', 'online'] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = { onDelivery: 'При получении', online: 'Онлайн' };

export const paymentStatuses = ['none', 'pending', 'paid', 'refunded', 'partiallyRefunded', 'canceled'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  none: 'Оплата при получении',
  pending: 'Ожидает оплаты',
  paid: 'Оплачен',
  refunded: 'Возвращён',
  partiallyRefunded: 'Частично возвращён',
  canceled: 'Оплата отменена',
};

/** A payment's state at the provider (ЮKassa's own words). */
export const providerPaymentStates = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export const providerPaymentStateSchema = z.enum(providerPaymentStates);

/**
 * What the checkout (and `pay`) answers about the payment: where to send the shopper, or, when the
 * provider did not answer, `unavailable` with a message (the order waits; call `pay` again).
 * `payToken` is given once, to a guest's order: `pay` takes it instead of a sign-in.
 */
export const checkoutPaymentSchema = z.object({
  status: z.enum([...providerPaymentStates, 'unavailable']),
  confirmationUrl: z.string().nullable(),
  message: z.string().nullable(),
  payToken: z.string().optional().meta({ description: 'Только в ответе на заказ без учётной записи: передайте его в POST /checkouts/{checkoutId}/pay.' }),
});
export type CheckoutPayment = z.infer<typeof checkoutPaymentSchema>;

/** POST /checkouts/{checkoutId}/pay: the owner (signed in) or a guest with the order's payToken. */
export const checkoutPaySchema = z.object({ checkoutId: idSchema, payToken: z.string().trim().min(1).max(100).optional() });
export const checkoutPayAnswerSchema = z.object({ checkoutId: z.number().int(), payment: checkoutPaymentSchema });

/** POST /checkouts/{checkoutId}/refunds (Admin): returned lines, or an amount (e.g. the delivery). */
export const refundLineInputSchema = z.object({
  variantId: idSchema,
  sizeId: idSchema.nullable().optional(),
  quantity: wholeNumber(1, 999),
});
export const checkoutRefundSchema = z
  .object({
    checkoutId: idSchema,
    lines: z.array(refundLineInputSchema).max(100).optional(),
    amount: z.number({ error: 'Укажите сумму возврата' }).positive('Сумма возврата должна быть больше нуля').max(100_000_000).multipleOf(0.01, 'Не больше двух знаков после запятой').optional(),
    reason: z.string().trim().max(500, 'Слишком длинная причина').default(''),
  })
  .refine((value) => Boolean(value.lines?.length) !== (value.amount !== undefined), { path: ['lines'], message: 'Укажите либо возвращаемые позиции, либо сумму возврата' });

export const paymentRecordSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  providerId: z.string().nullable(),
  status: providerPaymentStateSchema,
  amount: z.number(),
  currency: z.string(),
  createdAt: z.date(),
  paidAt: z.date().nullable(),
});

export const refundRecordSchema = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  providerId: z.string().nullable(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: z.number(),
  lines: z.array(z.object({ variantId: z.number().int(), sizeId: z.number().int().nullable(), name: z.string(), quantity: z.number().int(), price: z.number() })),
  reason: z.string(),
  createdAt: z.date(),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

/** GET /checkouts/{checkoutId}/payments (Admin). */
export const checkoutPaymentsSchema = z.object({
  checkoutId: z.number().int(),
  paymentMethod: paymentMethodSchema,
  paymentStatus: paymentStatusSchema,
  payBy: z.date().nullable(),
  paid: z.number(),
  refunded: z.number(),
  payments: z.array(paymentRecordSchema),
  refunds: z.array(refundRecordSchema),
});
export type CheckoutPayments = z.infer<typeof checkoutPaymentsSchema>;

export const paymentMessages = {
  onlineUnavailable: 'Оплата онлайн недоступна.',
  providerUnavailable: 'Платёжный сервис не отвечает. Повторите оплату через минуту.',
  providerRefused: 'Платёжный сервис отклонил запрос. Попробуйте позже или выберите оплату при получении.',
  notAwaiting: 'Заказ не ожидает оплаты.',
  notPaid: 'Заказ не оплачен онлайн: вернуть деньги невозможно.',
  refundTooMuch: (left: string) => `Сумма возврата больше, чем осталось вернуть (${left}).`,
  refundLineUnknown: (variantId: number) => `В заказе нет позиции ${variantId} такого размера.`,
  refundLineTooMany: (name: string, left: number) => `Позиция «${name}»: можно вернуть не больше ${left} шт.`,
  refundStatus: 'Вернуть деньги можно за оплаченный заказ, который не отменён.',
  payForbidden: 'Оплатить заказ может только тот, кто его оформил.',
  stateForbidden: 'Состояние оплаты заказа видит только тот, кто его оформил.',
} as const;
