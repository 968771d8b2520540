import { phoneSchema } from '../phone.js';
import { z } from '../zod.js';
import { flagSchema, orderBySchema, idSchema, listOf, listResponse, nameSchema, pagingShape, sortShape, urlSlugSchema, versionInputShape, versionSchema } from './common.js';
import { imageNameSchema } from './media.js';
import { emailSchema } from './accounts.js';
import { consentShape } from './consent.js';

/**
 * The content domain's contract (docs/content.md):
 * slides, advertisements, news posts, subscribers and callback requests, QR records.
 */

/** Where a slide leads: a path of the shop (`/catalog?…`) or an http(s) address. */
export const linkSchema = z
  .string()
  .trim()
  .max(1000, 'Слишком длинная ссылка')
  .refine((value) => value === '' || (/^\/(?!\/)/.test(value) && !/\s/.test(value)) || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    message: 'Ссылка должна начинаться с / (страница магазина) или с http:// или https://',
  });

// ---------------------------------------------------------------- slides

/** Limits of a slide's text: what still reads over the picture on a 360-px phone. */
export const slideTextLimits = { title: 120, subtitle: 240, buttonText: 40 } as const;

export const slideSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  link: z.string(),
  title: z.string(),
  subtitle: z.string(),
  buttonText: z.string(),
  position: z.number().int(),
});
export type Slide = z.infer<typeof slideSchema>;

/** The text fields are optional (older clients send only image, link and title); empty is «not shown». */
export const slideInputSchema = z.object({
  image: imageNameSchema,
  link: linkSchema.default(''),
  title: z.string().trim().max(slideTextLimits.title, `Заголовок — не длиннее ${slideTextLimits.title} символов`).default(''),
  subtitle: z.string().trim().max(slideTextLimits.subtitle, `Подзаголовок — не длиннее ${slideTextLimits.subtitle} символов`).default(''),
  buttonText: z.string().trim().max(slideTextLimits.buttonText, `Текст кнопки — не длиннее ${slideTextLimits.buttonText} символов`).default(''),
});
export type SlideInput = z.input<typeof slideInputSchema>;
export const slideListResponseSchema = listResponse(slideSchema);
export const slideIdSchema = z.object({ slideId: idSchema });
/** PUT /slides: the whole list, in the order to show; it replaces the current one. */
export const slideReplaceSchema = z.object({ slides: z.array(slideInputSchema).max(50, 'Не больше 50 слайдов') });

// ---------------------------------------------------------------- advertisements

export const advertisementSchema = z.object({ id: z.number().int(), title: z.string(), description: z.string(), version: versionSchema });
export type Advertisement = z.infer<typeof advertisementSchema>;
export const advertisementIdSchema = z.object({ advertisementId: idSchema });
export const advertisementInputSchema = z.object({
  title: z.string().trim().min(1, 'Укажите заголовок').max(200, 'Слишком длинный заголовок'),
  description: z.string().trim().max(2000, 'Слишком длинное описание').default(''),
});
export const advertisementUpdateSchema = advertisementIdSchema.extend({ ...advertisementInputSchema.shape, ...versionInputShape });
export const advertisementListResponseSchema = listResponse(advertisementSchema);

// ---------------------------------------------------------------- news

export const newsCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  excerpt: z.string(),
  image: z.string().nullable(),
  showOnMain: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type NewsCard = z.infer<typeof newsCardSchema>;
/** A whole post: `body` is HTML that passed the server's allow-list sanitiser when it was saved. */
export const newsSchema = newsCardSchema.extend({ body: z.string(), version: versionSchema });
export type News = z.infer<typeof newsSchema>;

export const newsInputSchema = z.object({
  title: nameSchema,
  url: urlSlugSchema,
  excerpt: z.string().trim().max(500, 'Слишком длинный анонс').default(''),
  body: z.string().max(200_000, 'Слишком длинный текст').default(''),
  image: imageNameSchema.nullable().default(null),
  showOnMain: z.boolean().default(false),
});
export const newsListSchema = z.object({
  title: z.string().trim().max(200).optional(),
  showOnMain: flagSchema.optional(),
  ...sortShape(['createdAt', 'title', 'id'] as const, 'createdAt'),
  orderBy: orderBySchema.default('desc'),
  ...pagingShape,
});
export const newsListResponseSchema = listResponse(newsCardSchema);
export const newsIdSchema = z.object({ newsId: idSchema });
export const newsUrlSchema = z.object({ url: z.string().trim().min(1).max(200) });
export const newsUpdateSchema = newsIdSchema.extend({ ...newsInputSchema.shape, ...versionInputShape });

// ---------------------------------------------------------------- subscribers

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  mailId: z.string(),
  confirmed: z.boolean(),
  confirmedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
export const subscribeSchema = z.object({ email: emailSchema, ...consentShape });
export const subscriberListSchema = z.object({
  email: z.string().trim().max(254).optional(),
  confirmed: flagSchema.optional(),
  ...sortShape(['createdAt', 'email', 'id'] as const, 'createdAt'),
  orderBy: orderBySchema.default('desc'),
  ...pagingShape,
});
export const subscriberListResponseSchema = listResponse(subscriberSchema);
/** 32 base64url characters; anything else cannot be a mail id. */
export const mailIdSchema = z.object({ mailId: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Неверная ссылка') });
/** What the owner of an unsubscribe link sees: only their own address and its state. */
export const subscriptionSchema = z.object({ email: z.string(), confirmed: z.boolean() });
export const confirmSubscriptionSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Неверная ссылка') });
export const subscriberExportRowSchema = z.object({ email: z.string(), confirmedAt: z.string() });
export const subscriberExportSchema = z.array(subscriberExportRowSchema);

/** «Заказать обратный звонок»: a name and a phone the shop calls back. */
export const callbackSchema = z.object({
  name: z.string().trim().min(1, 'Укажите имя').max(100, 'Слишком длинное имя'),
  phone: phoneSchema,
  comment: z.string().trim().max(1000, 'Слишком длинный комментарий').default(''),
  ...consentShape,
});
export type CallbackInput = z.input<typeof callbackSchema>;

// ---------------------------------------------------------------- QR records (scanner)

export const scannerTagSchema = z.string().trim().min(1).max(50, 'Слишком длинная метка');
export const scannerSchema = z.object({
  id: z.number().int(),
  qrCode: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  checkCount: z.number().int(),
  lastCheckedAt: z.date().nullable(),
  createdAt: z.date(),
  version: versionSchema,
});
export type Scanner = z.infer<typeof scannerSchema>;
export const qrCodeSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{6,64}$/, 'Код: от 6 до 64 латинских букв, цифр, «-» или «_»');
export const scannerInputSchema = z.object({
  /** Left out, the server generates an unguessable code. */
  qrCode: qrCodeSchema.optional(),
  title: z.string().trim().max(200, 'Слишком длинное описание').default(''),
  tags: z.array(scannerTagSchema).max(20, 'Не больше 20 меток').default([]),
});
export const scannerListSchema = z.object({
  tags: listOf(scannerTagSchema),
  ...sortShape(['createdAt', 'qrCode', 'checkCount', 'id'] as const, 'createdAt'),
  orderBy: orderBySchema.default('desc'),
  ...pagingShape,
});
export const scannerListResponseSchema = listResponse(scannerSchema);
export const scannerIdSchema = z.object({ scannerId: idSchema });
export const scannerUpdateSchema = scannerIdSchema.extend({ ...scannerInputSchema.shape, ...versionInputShape });
export const scannerCheckInputSchema = z.object({ code: z.string().trim().min(1).max(64) });
/** The public check page: genuine or not, and how often this one code was checked (this time included). */
export const scannerCheckSchema = z.object({ genuine: z.boolean(), checks: z.number().int(), title: z.string(), firstCheck: z.boolean() });
