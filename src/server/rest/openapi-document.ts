import type { OpenAPIObject } from 'trpc-to-openapi';

/** Who may call an operation: nobody signed in, anyone (a token changes the answer), a shopper, an admin. */
export type Access = 'public' | 'optional' | 'user' | 'admin';

export interface ServedOperation {
  method: string;
  /** The path as the document writes it: `/tags/{tagId}`. */
  path: string;
  access: Access;
  procedure: string;
}

type Json = Record<string, unknown>;

const errorSchema = {
  type: 'object',
  description: 'Every refusal and failure of the REST API.',
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status, repeated.' },
    code: { type: 'string', description: 'Machine-readable kind of the failure, e.g. NOT_FOUND, CONFLICT, TOO_MANY_REQUESTS.', example: 'NOT_FOUND' },
    message: { type: 'string', description: 'What went wrong, in Russian, fit to show to a shopper.', example: 'Запрашиваемый ресурс не найден.' },
    requestId: {
      type: 'string',
      description: "The request's id, as in its X-Request-Id header and the server's log: quote it when reporting a problem.",
      example: '3f2c9a4e-8d1b-4c55-9e0a-6b7f1d2e3c4b',
    },
  },
  required: ['statusCode', 'code', 'message'],
  additionalProperties: false,
};

const statusDescriptions: Record<number, string> = {
  400: 'Неверный запрос: поле, параметр или значение названо в сообщении',
  401: 'Нужен вход: нет токена, или он истёк',
  403: 'Недостаточно прав',
  404: 'Не найдено',
  409: 'Конфликт: запись изменена, занята или связана с другими',
  413: 'Слишком большое тело запроса',
  415: 'Тело запроса должно быть JSON',
  422: 'Ключ идемпотентности уже использован с другим телом запроса',
  429: 'Слишком много запросов: повторите после Retry-After',
  500: 'Ошибка сервера',
  503: 'Сервис временно недоступен (база данных или перезапуск): повторите после Retry-After',
};

function errorResponse(status: number) {
  return { description: statusDescriptions[status] ?? 'Ошибка', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

/** The error answers of a route described by hand (uploads, image bytes, QR files), plus 500 and 503. */
export function rawRouteErrors(statuses: readonly number[]): Record<string, ReturnType<typeof errorResponse>> {
  return Object.fromEntries([...new Set([...statuses, 500, 503])].map((status) => [String(status), errorResponse(status)]));
}

/** Names of the records whose plain read/write operations carry no summary of their own. */
const recordNames: Record<string, [nominative: string, accusative: string]> = {
  categories: ['Категория', 'категорию'],
  colors: ['Цвет', 'цвет'],
  brands: ['Бренд', 'бренд'],
  products: ['Товар', 'товар'],
  tags: ['Тег', 'тег'],
  sizes: ['Размер', 'размер'],
  addresses: ['Адрес доставки', 'адрес доставки'],
  slides: ['Слайд', 'слайд'],
  advertisements: ['Рекламная строка', 'рекламную строку'],
  news: ['Новость', 'новость'],
  scanner: ['QR-запись', 'QR-запись'],
};

/** «Создать бренд», «Товар по id», «Новость по адресу (url)» for the plain operations on a record. */
export function recordSummary(method: string, path: string): string | undefined {
  const names = recordNames[path.split('/')[1] ?? ''];
  if (!names) return undefined;
  const [nominative, accusative] = names;
  if (path.includes('/by-url/')) return `${nominative} по адресу (url)`;
  const verbs: Record<string, string> = { get: `${nominative} по id`, post: `Создать ${accusative}`, put: `Изменить ${accusative}`, delete: `Удалить ${accusative}` };
  return verbs[method.toLowerCase()];
}

const writeMethods = new Set(['post', 'put', 'patch', 'delete']);

/** The statuses an operation can answer, as the server answers them (http/, trpc.ts, services). */
function statusesOf(operation: ServedOperation, hasPathParameters: boolean): number[] {
  const method = operation.method.toLowerCase();
  const statuses = [400, 429, 500, 503];
  // Sign-in and token calls refuse wrong credentials and spent tokens themselves.
  const checksCredentials = operation.procedure.startsWith('accounts.auth.');
  if (operation.access !== 'public' || checksCredentials) statuses.push(401, 403);
  if (hasPathParameters || writeMethods.has(method)) statuses.push(404);
  if (writeMethods.has(method)) statuses.push(409, 413, 415);
  if (operation.procedure.startsWith('orders.checkouts.')) statuses.push(422);
  return [...new Set(statuses)].sort((a, b) => a - b);
}

const accessSentences: Record<Access, string> = {
  public: 'Вход не нужен.',
  optional: 'Вход не обязателен: с токеном ответ учитывает вошедшего покупателя (его корзину, список, реакции).',
  user: 'Нужен вход: заголовок Authorization: Bearer <accessToken>.',
  admin: 'Только для администратора: заголовок Authorization: Bearer <accessToken> администратора.',
};

function securityOf(access: Access): Array<Record<string, string[]>> {
  if (access === 'public') return [];
  if (access === 'optional') return [{}, { Authorization: [] }];
  return [{ Authorization: [] }];
}

/**
 * The generated document, corrected to say what the server does: one `Error` schema for every
 * failure (the `{ statusCode, code, message }` the façade answers), the security each operation
 * really needs (none, optional or a bearer token), path parameters marked required, and the
 * statuses each operation can answer.
 */
export function describeAsServed(document: OpenAPIObject, served: readonly ServedOperation[]): OpenAPIObject {
  const copy = structuredClone(document);
  copy.components ??= {};
  const schemas: Record<string, unknown> = (copy.components.schemas ??= {});
  for (const name of Object.keys(schemas)) if (name.startsWith('error.')) delete schemas[name];
  schemas['Error'] = errorSchema;
  for (const operation of served) {
    const item = (copy.paths?.[operation.path] ?? {}) as Record<string, Json | undefined>;
    const target = item[operation.method.toLowerCase()];
    if (!target) continue;
    const parameters = (target['parameters'] as Json[] | undefined) ?? [];
    for (const parameter of parameters) if (parameter['in'] === 'path') parameter['required'] = true;
    target['security'] = securityOf(operation.access);
    target['summary'] ??= recordSummary(operation.method, operation.path);
    const summary = typeof target['summary'] === 'string' ? `${target['summary']}. ` : '';
    if (!target['description']) target['description'] = `${summary}${accessSentences[operation.access]}`;
    const responses = (target['responses'] as Json | undefined) ?? {};
    for (const key of Object.keys(responses)) if (Number(key) >= 400) delete responses[key];
    for (const status of statusesOf(operation, parameters.some((parameter) => parameter['in'] === 'path'))) responses[String(status)] = errorResponse(status);
    target['responses'] = responses;
  }
  // Every tag an operation uses is declared once, and the document says under which terms it is published.
  const tags = new Set<string>();
  for (const item of Object.values(copy.paths ?? {})) {
    for (const target of Object.values(item as Record<string, { tags?: string[] } | undefined>)) for (const tag of target?.tags ?? []) tags.add(tag);
  }
  copy.tags = [...tags].sort().map((name) => ({ name }));
  copy.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };
  return copy;
}
