import { z } from '../zod.js';

/** Entity ids are positive integers (PRODUCT.md); path and query strings are coerced. */
export const idSchema = z.coerce.number().int().positive();

/**
 * A query-string flag: `true`/`false` from REST, a boolean from tRPC. The closing pipe is for
 * trpc-to-openapi, which accepts a pipe as a query parameter but refuses a union with a boolean.
 */
export const flagSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')])
  .pipe(z.boolean());

/** `a,b` and repeated `a&b` both reach a procedure as one array. */
function splitList(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  const parts = (Array.isArray(value) ? (value as unknown[]) : [value]).flatMap((part) =>
    typeof part === 'string' ? part.split(',') : [part],
  );
  const kept = parts.filter((part) => part !== '' && part !== undefined);
  return kept.length ? kept : undefined;
}

export function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess(splitList, z.array(item).max(500)).optional();
}

export const urlSlugSchema = z
  .string()
  .trim()
  .min(1, 'Укажите url')
  .max(200, 'Слишком длинный url')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'url может содержать только латинские буквы, цифры и дефисы');

export const nameSchema = z.string().trim().min(1, 'Укажите название').max(200, 'Слишком длинное название');

export const orderBySchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['asc', 'desc']));

export const pagingShape = {
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  offset: z.coerce.number().int().min(0).default(0),
};

export function sortShape<const T extends readonly [string, ...string[]]>(columns: T, fallback: T[number]) {
  return {
    sortBy: z.enum(columns).default(fallback as never),
    orderBy: orderBySchema.default('asc'),
  };
}

/** SPEC.md section 3: a list response is `{ rows, length }`, length being the total. */
export function listResponse<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), length: z.number().int() });
}

export const okSchema = z.object({ ok: z.literal(true) });
