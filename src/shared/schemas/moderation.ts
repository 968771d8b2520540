import { z } from '../zod.js';
import { idSchema, listResponse, pagingShape } from './common.js';
import { sizeFitSchema } from './reviews-rich.js';

/**
 * Moderation of reviews (with their photos) and questions, and the staff's inbox of callback
 * requests and help-desk messages (docs/moderation.md).
 */

export const moderationStatuses = ['pending', 'approved', 'rejected'] as const;
export const moderationStatusSchema = z.enum(moderationStatuses);
export type ModerationStatus = z.infer<typeof moderationStatusSchema>;
export const moderationStatusLabels: Record<ModerationStatus, string> = {
  pending: 'На модерации',
  approved: 'Опубликован',
  rejected: 'Отклонён',
};

/** What every review and question carries: its state and, when rejected, the reason its author sees. */
export const moderationShape = {
  moderationStatus: moderationStatusSchema,
  moderationReason: z.string().nullable(),
};

/** The list filter of moderators: one state, or `all`; others always see approved items and their own. */
export const moderationFilterSchema = z
  .enum([...moderationStatuses, 'all'])
  .optional()
  .meta({ description: 'Только SuperUser и Admin: pending, approved, rejected или all. Без него — опубликованные и свои.' });

export const moderationKinds = ['review', 'question'] as const;
export const moderationKindSchema = z.enum(moderationKinds);
export type ModerationKind = z.infer<typeof moderationKindSchema>;

export const moderationQueueInputSchema = z.object({
  status: moderationStatusSchema.optional().meta({ description: 'Без него — все, сначала ожидающие' }),
  kind: moderationKindSchema.optional(),
  ...pagingShape,
});
export type ModerationQueueInput = z.output<typeof moderationQueueInputSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const moderationItemSchema = z.object({
  kind: moderationKindSchema,
  id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string(), url: z.string() }),
  author: personSchema,
  /** Reviews only. */
  rating: z.number().int().nullable(),
  text: z.string(),
  images: z.array(z.string()),
  /** Reviews only: pros, cons and the size fit (null for questions and when not given). */
  pros: z.string().nullable(),
  cons: z.string().nullable(),
  sizeFit: sizeFitSchema.nullable(),
  ...moderationShape,
  moderatedBy: personSchema.nullable(),
  moderatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;
export const moderationQueueSchema = listResponse(moderationItemSchema);

export const moderationReasonSchema = z
  .string({ error: 'Укажите причину' })
  .trim()
  .min(2, 'Причина: не короче 2 символов')
  .max(500, 'Причина: не длиннее 500 символов');

export const moderationApproveSchema = z.object({ id: idSchema });
export const moderationRejectSchema = z.object({ id: idSchema, reason: moderationReasonSchema });
export type ModerationReject = z.infer<typeof moderationRejectSchema>;

/** A form of the queue's «Отклонить». */
export const rejectFormSchema = z.object({ reason: moderationReasonSchema });

// ---------------------------------------------------------------- inbox

export const inboxStatuses = ['new', 'inProgress', 'done'] as const;
export const inboxStatusSchema = z.enum(inboxStatuses, { error: 'Выберите статус' });
export type InboxStatus = z.infer<typeof inboxStatusSchema>;
export const inboxStatusLabels: Record<InboxStatus, string> = { new: 'Новое', inProgress: 'В работе', done: 'Готово' };

export const inboxKinds = ['callback', 'help'] as const;
export const inboxKindSchema = z.enum(inboxKinds, { error: 'Неизвестный вид обращения' });
export type InboxKind = z.infer<typeof inboxKindSchema>;
export const inboxKindLabels: Record<InboxKind, string> = { callback: 'Обратный звонок', help: 'Служба поддержки' };

export const inboxListInputSchema = z.object({
  status: inboxStatusSchema.optional(),
  kind: inboxKindSchema.optional(),
  ...pagingShape,
});
export type InboxListInput = z.output<typeof inboxListInputSchema>;

export const inboxItemSchema = z.object({
  kind: inboxKindSchema,
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The sender's account, when they were signed in (help desk). */
  userId: z.number().int().nullable(),
  text: z.string(),
  status: inboxStatusSchema,
  note: z.string(),
  handledBy: personSchema.nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
export const inboxListSchema = listResponse(inboxItemSchema);

export const inboxNoteSchema = z.string().trim().max(2000, 'Заметка: не длиннее 2000 символов');

export const inboxUpdateSchema = z.object({
  kind: inboxKindSchema,
  id: idSchema,
  status: inboxStatusSchema.optional(),
  note: inboxNoteSchema.optional(),
});
export type InboxUpdate = z.infer<typeof inboxUpdateSchema>;

/** The inbox's edit form. */
export const inboxFormSchema = z.object({ status: inboxStatusSchema, note: inboxNoteSchema });

// ---------------------------------------------------------------- counts of the admin menu

/** What waits for staff, shown as badges in the admin menu (each menu item names its key). */
export const adminCountsSchema = z.object({
  moderation: z.number().int().meta({ description: 'Отзывы и вопросы на модерации' }),
  inbox: z.number().int().meta({ description: 'Новые обратные звонки и сообщения в поддержку' }),
});
export type AdminCounts = z.infer<typeof adminCountsSchema>;
export type AdminCountKey = keyof AdminCounts;
