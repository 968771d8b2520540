import { routes } from '../../routes';

/** Paths and success toasts of one catalogue admin screen: its list, "new item" and item paths. */
function adminOf(list: string, create: string, created: string, updated: string, deleted: string) {
  return {
    paths: { list, create: `${list}/${create}`, item: (id: number) => `${list}/${id}` },
    messages: { created, updated, deleted },
  };
}

export const categoryAdmin = adminOf(routes.adminCategories, 'create-category', 'Категория создана', 'Категория обновлена', 'Категория удалена');
export const colorAdmin = adminOf(routes.adminColors, 'create-color', 'Цвет создан', 'Цвет обновлён', 'Цвет удалён');
export const brandAdmin = adminOf(routes.adminBrands, 'create-brand', 'Бренд создан', 'Бренд обновлён', 'Бренд удалён');
export const productAdmin = adminOf(routes.adminProducts, 'create-product', 'Товар создан', 'Товар обновлён', 'Товар удалён');
