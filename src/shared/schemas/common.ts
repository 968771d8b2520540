import { z } from '../zod.js';

/** The largest value of a PostgreSQL `integer`: ids, counts, offsets. */
export const maxInt = 2_147_483_647;

/**
 * A whole number from tRPC (a number) or from a path or query string written in decimal digits
 * only: `+1`, `01`, `0x10`, `1e1` and ` 1` are refused rather than read as some other number.
 */
export function wholeNumber(min: number, max: number = maxInt) {
  const message = 'Ожидается целое число, записанное цифрами';
  return z.preprocess(
    (value) => (typeof value === 'string' && /^(0|[1-9]\d{0,15})$/.test(value) ? Number(value) : value),
    z
      .number({ error: message })
      .int(message)
      .min(min, `Ожидается число не меньше ${min}`)
      .max(max, 'Слишком большое число'),
  );
}

/** Entity ids are positive integers. */
export const idSchema = wholeNumber(1);

/** A price or another decimal in a query string: digits with an optional fraction, nothing else. */
export const decimalQuerySchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,12}(\.\d{1,2})?$/.test(value) ? Number(value) : value),
  z.number({ error: 'Ожидается число, например 1500 или 1499.90' }).min(0, 'Значение не может быть отрицательным'),
);

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
  .min(1, 'Укажите адрес (url)')
  .max(200, 'Слишком длинный адрес (url)')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Адрес (url) может содержать только латинские буквы, цифры и дефисы');

export const nameSchema = z.string().trim().min(1, 'Укажите название').max(200, 'Слишком длинное название');

export const orderBySchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['asc', 'desc']))
  // The document names the two accepted values (any letter case is read).
  .meta({ override: { type: 'string', enum: ['asc', 'desc'], description: 'asc — по возрастанию, desc — по убыванию (регистр не важен)' } });

/**
 * `limit` of a list: above the list's maximum it is lowered to the maximum rather than refused
 * (existing clients ask for 10 000), as the OpenAPI description says.
 */
export function limitSchema(max: number, fallback: number) {
  return wholeNumber(1)
    .transform((value) => Math.min(value, max))
    .default(fallback)
    .meta({ description: `Сколько записей вернуть: не больше ${max}; большее значение уменьшается до ${max}.` });
}

export const pagingShape = {
  limit: limitSchema(1000, 20),
  offset: wholeNumber(0).default(0),
};

export function sortShape<const T extends readonly [string, ...string[]]>(columns: T, fallback: T[number]) {
  return {
    sortBy: z.enum(columns).default(fallback as never),
    orderBy: orderBySchema.default('asc'),
  };
}

/** A list response is `{ rows, length }`, length being the total. */
export function listResponse<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), length: z.number().int() });
}

export const okSchema = z.object({ ok: z.literal(true) });

/** Keyset paging of the large lists: `cursor` in, `nextCursor` out (null on the last page). */
export const cursorShape = {
  // The description sits on the string itself: on the optional wrapper the document loses it.
  cursor: z
    .string()
    .min(1)
    .max(500)
    .meta({ description: 'nextCursor из предыдущего ответа: следующие строки после неё, без повторов и пропусков, даже если список меняется. Вместе с offset не используется.' })
    .optional(),
};
export const nextCursorShape = {
  nextCursor: z.string().nullable().meta({ description: 'Курсор следующей страницы (cursor), null — строк больше нет' }),
};

/**
 * Optimistic concurrency of admin edits (README → Decisions): a record answers its `version`, and
 * an edit may name the version it was based on.
 */
export const versionSchema = z.number().int();
export const versionInputShape = {
  version: wholeNumber(1)
    .optional()
    .meta({
      description:
        'Версия записи, полученная при чтении. Если запись с тех пор изменили, ответ 409 «Запись изменена другим пользователем. Обновите страницу.». ' +
        'Без version запись перезаписывается без проверки.',
    }),
};
