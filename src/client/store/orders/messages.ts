/** The storefront's success messages of the orders domain (one wording per action). */
export const orderToasts = {
  addedToBasket: 'Товар добавлен в корзину',
  /** The phone's short confirmation (with «Перейти в корзину»). */
  inBasket: 'Товар в корзине',
  addedToWishlist: 'Товар добавлен в избранное',
  removedFromWishlist: 'Товар удалён из избранного',
  basketCleared: 'Корзина очищена',
  orderPlaced: 'Заказ оформлен',
  orderStatusChanged: 'Статус заказа изменён',
  orderDeleted: 'Заказ удалён',
  orderCreated: 'Заказ создан',
} as const;

/** The prompt beside the sizes when «В корзину» was pressed without one. */
export const sizePrompt = 'Выберите размер, чтобы добавить товар в корзину';
