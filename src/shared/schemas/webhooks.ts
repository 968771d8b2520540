import { z } from '../zod.js';
import { idSchema, listResponse, pagingShape, versionInputShape, versionSchema } from './common.js';

/**
 * Webhooks (docs/webhooks.md): the events an integrator may subscribe to, the endpoints an admin
 * registers, and what the back office shows of their deliveries.
 */
export const webhookEventTypes = [
  'order.placed',
  'order.status_changed',
  'order.deleted',
  'payment.state_changed',
  'product.created',
  'product.updated',
  'product.deleted',
  'stock.changed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number] | 'ping';

export const webhookEventLabels: Record<(typeof webhookEventTypes)[number], string> = {
  'order.placed': 'Заказ оформлен',
  'order.status_changed': 'Статус заказа изменён',
  'order.deleted': 'Заказ удалён',
  'payment.state_changed': 'Оплата заказа изменилась',
  'product.created': 'Товар создан',
  'product.updated': 'Товар изменён',
  'product.deleted': 'Товар удалён',
  'stock.changed': 'Остаток изменён',
};

/** An absolute http(s) address; whether plain http is accepted is the server's setting. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000, 'Слишком длинный адрес')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { message: 'Укажите адрес вида https://example.ru/hooks' });

export const webhookInputSchema = z.strictObject({
  url: webhookUrlSchema,
  description: z.string().trim().max(200, 'Слишком длинное описание').default(''),
  events: z
    .array(z.enum(webhookEventTypes, { error: `Неизвестное событие; допустимы: ${webhookEventTypes.join(', ')}` }))
    .min(1, 'Выберите хотя бы одно событие')
    .max(webhookEventTypes.length),
  active: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookIdSchema = z.object({ webhookId: idSchema });
export const webhookUpdateSchema = webhookIdSchema.extend({ ...webhookInputSchema.shape, ...versionInputShape });

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  /** The last four characters of the secret, to tell which one an integrator holds. */
  secretHint: z.string(),
  version: versionSchema,
  createdAt: z.date(),
});
export type Webhook = z.infer<typeof webhookSchema>;
/** Answered once, when the endpoint is created or its secret rotated. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export const webhookListResponseSchema = listResponse(webhookSchema);

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export const webhookAttemptSchema = z.object({
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  attemptedAt: z.date(),
});
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: z.date().nullable(),
  deliveredAt: z.date().nullable(),
  createdAt: z.date(),
  /** The newest attempts first (at most five). */
  lastAttempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = webhookIdSchema.extend({
  ...pagingShape,
  status: z.enum(webhookDeliveryStatuses, { error: `Статус доставки: ${webhookDeliveryStatuses.join(', ')}` }).optional(),
});
export const webhookDeliveryListResponseSchema = listResponse(webhookDeliverySchema);
export const webhookDeliveryIdSchema = webhookIdSchema.extend({ deliveryId: idSchema });
