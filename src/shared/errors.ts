/**
 * The error catalogue (docs/platform.md): one place that ties tRPC error codes, HTTP statuses
 * and the Russian messages shown to people.
 */

export const errorCodes = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** The machine-readable `code` of a REST failure, by HTTP status (tRPC's names where it has one). */
const codesByStatus: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  500: 'INTERNAL_SERVER_ERROR',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
};

export function codeForStatus(status: number): string {
  return codesByStatus[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

/** The Russian message of each HTTP status the shop answers with. */
export const statusMessages: Readonly<Record<number, string>> = {
  400: 'Отправлены неверные данные.',
  401: 'Вы не авторизованы.',
  403: 'У Вас недостаточно прав.',
  404: 'Запрашиваемые данные не найдены.',
  405: 'Отправлены неверные данные.',
  408: 'Уже проверено',
  409: 'Такая запись уже существует.',
  413: 'Слишком большой объём данных.',
  414: 'Слишком длинный адрес запроса.',
  415: 'Неподдерживаемый формат данных.',
  422: 'Отправлены неверные данные.',
  431: 'Слишком большие заголовки запроса.',
  429: 'Слишком много запросов с этого IP. Повторите попытку чуть позже.',
  500: 'Ошибка сервера.',
  502: 'Запрашиваемый сервер недоступен.',
  503: 'Запрашиваемый сервер недоступен.',
};

/** The Russian messages of the domains' refusals. */
export const domainMessages = {
  hasDependents: 'Удалить невозможно, В файле есть дополнительные данные',
  withdrawInstead: 'Снимите товар с продажи (выключите «В продаже»): покупатели не смогут его заказать, а отзывы и история заказов сохранятся',
  imageInUsePrefix: 'Удалить невозможно, Файл используется в ',
  wrongCredentials: 'Неверный e-mail или пароль.',
  adminOnly: 'Вход в панель управления разрешён только администраторам.',
  sessionExpired: 'Сессия истекла, войдите снова.',
  duplicateUrl: 'Запись с таким адресом (url) уже существует.',
  referencedMissing: 'Связанная запись не найдена.',
  emailTaken: 'Пользователь с таким e-mail уже зарегистрирован.',
  invalidLink: 'Ссылка недействительна или устарела. Запросите новую.',
  alreadyVerified: 'E-mail уже подтверждён.',
  wrongCurrentPassword: 'Текущий пароль указан неверно.',
  lastAdmin: 'Нельзя удалить или понизить единственного администратора.',
  categoryCycle: 'Категория не может быть вложена в саму себя или в свою подкатегорию.',
  articleTaken: 'Артикул уже используется другим товаром: ',
  articleRepeated: 'Артикул повторяется в вариантах товара: ',
  foreignVariant: 'Вариант не относится к этому товару.',
  barcodeTaken: 'Штрихкод уже используется: ',
  itemSizeNotOffered: 'Размер не выбран у товара: добавьте его в размеры товара или уберите из остатков цвета ',
  notAnImage: 'Файл не является изображением JPEG, PNG, WebP, GIF или AVIF',
  imageTooLarge: 'Файл слишком большой',
  tooManyFiles: 'Слишком много файлов за один раз',
  noImageFiles: 'Выберите хотя бы один файл изображения (поле files).',
  databaseUnavailable: 'Сервис временно недоступен. Повторите попытку через несколько секунд.',
  shuttingDown: 'Магазин перезапускается. Повторите попытку через несколько секунд.',
  concurrentChange: 'Данные одновременно изменил кто-то ещё. Повторите попытку.',
  staleVersion: 'Запись изменена другим пользователем. Обновите страницу.',
  nulCharacter: 'недопустимый символ NUL (\\0) в тексте',
  tooManyBatched: 'Слишком много вызовов в одном пакетном запросе',
  jsonTooManyMembers: 'Слишком много полей и элементов списков в JSON, допустимо не больше',
  jsonTooDeep: 'Слишком глубокая вложенность JSON, допустимая глубина —',
  requestTimeout: 'Запрос не был получен целиком вовремя. Повторите попытку.',
  accountSigninLocked:
    'Слишком много неудачных попыток входа в этот аккаунт. Вход с новых устройств временно ограничен: войдите с устройства, с которого уже входили, или восстановите пароль по ссылке «Забыли пароль?».',
  signinNetworkLockedPrefix: 'Слишком много неудачных попыток входа в этот аккаунт с вашего адреса. Повторите попытку через',
  tooManyLetters: 'Слишком много писем на этот адрес. Повторите попытку через час.',
  reviewExists: 'Вы уже оставили отзыв на этот товар. Вы можете изменить его.',
  photoNotYours: 'К отзыву можно прикрепить только свои загруженные фотографии',
  sizeFitWithoutSizes: 'У этого товара нет размеров: оценка «Размер соответствует» не принимается',
  uploadQuota: 'Превышен дневной лимит загрузки фотографий: не больше',
} as const;

export const networkErrorMessage = 'Нет соединения с сервером. Проверьте подключение к интернету.';

export function statusForCode(code: string): number {
  return code in errorCodes ? errorCodes[code as ErrorCode] : 500;
}

export function messageForStatus(status: number): string {
  return statusMessages[status] ?? (status >= 500 ? statusMessages[500]! : statusMessages[400]!);
}

/**
 * Messages written for people are Russian; anything else (a library's English text, a stack
 * detail) is replaced by the catalogue's message for the status, so nothing technical leaks.
 */
export function isUserFacingMessage(message: unknown): message is string {
  return typeof message === 'string' && /[а-яё]/i.test(message);
}

export function userMessage(status: number, message: unknown): string {
  if (status >= 500) return isUserFacingMessage(message) && status !== 500 ? message : messageForStatus(status);
  return isUserFacingMessage(message) ? message : messageForStatus(status);
}

export interface ValidationIssue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** «Отправлены неверные данные. name: Слишком короткое значение…» — the first few issues, named. */
export function validationMessage(issues: ReadonlyArray<ValidationIssue>): string {
  const details = issues.slice(0, 3).map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return details.length ? `${statusMessages[400]} ${details.join('; ')}` : statusMessages[400]!;
}
