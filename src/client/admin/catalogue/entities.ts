import { routes } from '../../routes';

/** Paths and success toasts of the catalogue admin screens. */
function pathsOf(list: string, create: string) {
  return { list, create: `${list}/${create}`, item: (id: number) => `${list}/${id}` };
}

export const categoryAdmin = {
  paths: pathsOf(routes.adminCategories, 'create-category'),
  messages: { created: 'Категория создана', updated: 'Категория обновлена', deleted: 'Категория удалена' },
};

export const colorAdmin = {
  paths: pathsOf(routes.adminColors, 'create-color'),
  messages: { created: 'Цвет создан', updated: 'Цвет обновлён', deleted: 'Цвет удалён' },
};

export const brandAdmin = {
  paths: pathsOf(routes.adminBrands, 'create-brand'),
  messages: { created: 'Бренд создан', updated: 'Бренд обновлён', deleted: 'Бренд удалён' },
};

export const productAdmin = {
  paths: pathsOf(routes.adminProducts, 'create-product'),
  messages: { created: 'Товар создан', updated: 'Товар обновлён', deleted: 'Товар удалён' },
};
