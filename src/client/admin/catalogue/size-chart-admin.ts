import { routes } from '../../routes';

/** Paths and success toasts of the size chart screens. */
export const sizeChartAdmin = {
  paths: {
    list: routes.adminSizeCharts,
    create: `${routes.adminSizeCharts}/create-size-chart`,
    item: (id: number) => `${routes.adminSizeCharts}/${id}`,
  },
  messages: { created: 'Таблица размеров создана', updated: 'Таблица размеров обновлена', deleted: 'Таблица размеров удалена' },
};
