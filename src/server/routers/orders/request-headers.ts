import { z } from '../../../shared/zod.js';

/** Documents the header in /api/openapi.json for the calls that place an order; the context reads it (context.ts). */
export const idempotencyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .min(16)
    .max(200)
    .optional()
    .meta({ description: 'A fresh random key (16–200 characters, e.g. a UUID) per submitted form: a repeat of the same request with the same key answers the same order.' }),
});
