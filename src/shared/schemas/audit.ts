import { z } from '../zod.js';
import { idSchema, listResponse, pagingShape } from './common.js';

/** The audit log of admin actions (docs/audit-log.md): who, when, which call, what was sent. */
export const auditSections = ['catalogue', 'orders', 'accounts', 'content', 'settings', 'delivery', 'reviews', 'moderation', 'inbox', 'media', 'webhooks', 'stockAlerts'] as const;
export type AuditSection = (typeof auditSections)[number];
export const auditSectionLabels: Record<AuditSection, string> = {
  catalogue: 'Каталог',
  orders: 'Заказы',
  accounts: 'Пользователи',
  content: 'Контент',
  settings: 'Настройки',
  delivery: 'Доставка',
  reviews: 'Отзывы и вопросы',
  moderation: 'Модерация',
  inbox: 'Входящие',
  media: 'Изображения',
  webhooks: 'Вебхуки',
  stockAlerts: 'Сообщения о поступлении',
};

export const auditEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userEmail: z.string(),
  action: z.string().meta({ description: 'The tRPC procedure, e.g. catalogue.products.update' }),
  rest: z.string().nullable().meta({ description: 'Its REST call, e.g. PUT /products/{id}' }),
  summary: z.string(),
  entityId: z.string().nullable(),
  input: z.unknown().meta({ description: 'What was sent, without passwords, tokens and secrets; long values cut' }),
  createdAt: z.date(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /audit-log (Admin): newest first, by section, author and period. */
export const auditListInputSchema = z.object({
  ...pagingShape,
  section: z.enum(auditSections, { error: 'Нет такого раздела' }).optional(),
  userId: idSchema.optional(),
  entityId: z.string().trim().max(100).optional(),
  from: z.coerce.date({ error: 'Неверная дата' }).optional(),
  to: z.coerce.date({ error: 'Неверная дата' }).optional(),
});
export type AuditListInput = z.input<typeof auditListInputSchema>;
export const auditListResponseSchema = listResponse(auditEntrySchema);
