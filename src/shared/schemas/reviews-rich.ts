import { z } from '../zod.js';
import { flagSchema, idSchema } from './common.js';

/**
 * The richer parts of a review (docs/reviews.md): pros and cons, how the size fits (products with
 * sizes only), the «Только с фото» filter, the size-fit counts and the customers' photo strip.
 */

export const prosConsBounds = { max: 2000 } as const;

function optionalText(what: string) {
  return z
    .string()
    .trim()
    .max(prosConsBounds.max, `${what}: не длиннее ${prosConsBounds.max} символов`)
    .nullable()
    .optional()
    .meta({ description: `${what}: необязательно, до ${prosConsBounds.max} символов; пустая строка или null — нет` });
}

export const prosSchema = optionalText('Достоинства');
export const consSchema = optionalText('Недостатки');

export const sizeFitValues = ['fits', 'small', 'large'] as const;
export const sizeFitSchema = z.enum(sizeFitValues);
export type SizeFit = z.infer<typeof sizeFitSchema>;
export const sizeFitLabels: Record<SizeFit, string> = { fits: 'Соответствует', small: 'Маломерит', large: 'Большемерит' };

/** The input of a review's size fit: only on a product with sizes (400 otherwise); null clears it. */
export const sizeFitInputSchema = sizeFitSchema
  .nullable()
  .optional()
  .meta({ description: 'Размер: fits — соответствует, small — маломерит, large — большемерит. Только для товаров с размерами (иначе 400); null — не указан.' });

/** What the rich fields add to a review's input (create and update). */
export const reviewRichInputShape = { pros: prosSchema, cons: consSchema, sizeFit: sizeFitInputSchema };

/** What they add to a review as read. */
export const reviewRichShape = {
  pros: z.string().nullable(),
  cons: z.string().nullable(),
  sizeFit: sizeFitSchema.nullable(),
};

export const withPhotosSchema = flagSchema.optional().meta({ description: '`withPhotos=true` — только отзывы с фотографиями' });

/** The size-fit counts of a product's approved reviews; `sized` tells whether the product has sizes. */
export const sizeFitSummarySchema = z.object({
  sized: z.boolean(),
  fits: z.number().int(),
  small: z.number().int(),
  large: z.number().int(),
});
export type SizeFitSummary = z.infer<typeof sizeFitSummarySchema>;

export const maxStripPhotos = 24;
export const reviewPhotoStripInputSchema = z.object({ productId: idSchema });
/** The customers' photos of a product, newest review first: each with the review it belongs to. */
export const reviewPhotoStripSchema = z.array(z.object({ reviewId: z.number().int(), image: z.string() }));
