import { z } from '../zod.js';
import { legalSlugs } from '../legal-slugs.js';
import { listResponse, versionInputShape, versionSchema } from './common.js';

export { legalSlugs, type LegalSlug } from '../legal-slugs.js';

/**
 * The legal pages' contract (docs/legal.md): «Политика конфиденциальности», «Публичная оферта»,
 * «Доставка и оплата», «Обмен и возврат», each by its slug, edited by the Admin as rich text.
 */
export const legalSlugSchema = z.enum(legalSlugs, { error: 'Такой страницы нет' });
export const legalSlugInputSchema = z.object({ slug: legalSlugSchema });

export const legalPageCardSchema = z.object({
  slug: legalSlugSchema,
  title: z.string(),
  version: versionSchema,
  updatedAt: z.date(),
});
export type LegalPageCard = z.infer<typeof legalPageCardSchema>;

/** A whole page: `body` is HTML that passed the server's allow-list sanitiser when it was saved. */
export const legalPageSchema = legalPageCardSchema.extend({ body: z.string() });
export type LegalPage = z.infer<typeof legalPageSchema>;

export const legalPageListResponseSchema = listResponse(legalPageCardSchema);

export const legalPageInputSchema = z.object({
  title: z.string().trim().min(1, 'Укажите заголовок').max(200, 'Слишком длинный заголовок'),
  body: z.string().max(200_000, 'Слишком длинный текст'),
});
export type LegalPageInput = z.input<typeof legalPageInputSchema>;

/** PUT /legal-pages/{slug}: title and body; `version` as the page was loaded (409 when it changed since). */
export const legalPageUpdateSchema = legalSlugInputSchema.extend({ ...legalPageInputSchema.shape, ...versionInputShape });
