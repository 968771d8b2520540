/** The orders domain's refusals (README → Decisions → Orders), in Russian. */
export const orderMessages = {
  basketOrdered: 'Корзина уже оформлена в заказ и не может быть изменена.',
  basketEmpty: 'Корзина пуста: добавьте товары перед оформлением заказа.',
  basketNotFound: 'Корзина не найдена.',
  wishlistNotFound: 'Список избранного не найден.',
  addressNotFound: 'Адрес не найден.',
  checkoutNotFound: 'Заказ не найден.',
  /** Followed by the item, e.g. «Куртка «Север», синий, размер 48 (в наличии 0)». */
  outOfStock: 'Недостаточно товара на складе: ',
  unavailable: 'Товар снят с продажи: ',
  variantGone: 'Товар больше не продаётся: ',
  unknownVariant: 'Такого варианта товара нет: ',
  unknownProduct: 'Такого товара нет: ',
  sizeRequired: 'Выберите размер: ',
  sizeNotOffered: 'Такого размера у товара нет: ',
  noSizes: 'У этого товара нет размеров: ',
  basketOrOneClick: 'Укажите корзину (basketId) или товар для покупки в один клик (oneClick), но не то и другое.',
  addressRequired: 'Укажите адрес доставки (addressId или address).',
  directAddressUsed: 'Этот адрес уже использован в другом заказе или устарел. Укажите адрес ещё раз.',
  idempotencyReused: 'Ключ Idempotency-Key уже использован для другого запроса. Для нового заказа нужен новый ключ.',
  tooManyUnitsPerLine: (limit: number) => `Не больше ${limit} шт. одного товара в корзине и в заказе.`,
  tooManyUnitsPerGuestOrder: (limit: number) =>
    `В заказе без регистрации — не больше ${limit} шт. товаров. Войдите в аккаунт или позвоните нам, чтобы оформить крупный заказ.`,
  tooManyOpenGuestUnits: 'У вас уже есть неотправленные заказы на большое количество товаров. Дождитесь их отправки или позвоните нам.',
  tooManyOrdersForEmail: 'Слишком много заказов на этот e-mail за последний час. Повторите попытку позже или позвоните нам.',
  /** «Нельзя перевести заказ из статуса «Завершён» в статус «Новый».» */
  statusMove: (from: string, to: string) => `Нельзя перевести заказ из статуса «${from}» в статус «${to}».`,
  sameStatus: (status: string) => `Заказ уже в статусе «${status}».`,
} as const;
