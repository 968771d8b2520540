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

const writeMethods = new Set(['post', 'put', 'patch', 'delete']);

/** The statuses an operation can answer, as the server answers them (http/, trpc.ts, services). */
function statusesOf(operation: ServedOperation, hasPathParameters: boolean): number[] {
  const method = operation.method.toLowerCase();
  const statuses = [400, 429, 500, 503];
  if (operation.access === 'user' || operation.access === 'admin' || operation.access === 'optional') statuses.push(401);
  if (operation.access === 'user' || operation.access === 'admin') statuses.push(403);
  if (hasPathParameters || writeMethods.has(method)) statuses.push(404);
  if (writeMethods.has(method)) statuses.push(409, 413, 415);
  if (operation.procedure.startsWith('orders.checkouts.')) statuses.push(422);
  return [...new Set(statuses)].sort((a, b) => a - b);
}

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
    const responses = (target['responses'] as Json | undefined) ?? {};
    for (const key of Object.keys(responses)) if (Number(key) >= 400) delete responses[key];
    for (const status of statusesOf(operation, parameters.some((parameter) => parameter['in'] === 'path'))) responses[String(status)] = errorResponse(status);
    target['responses'] = responses;
  }
  return copy;
}
