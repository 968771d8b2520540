import type { RouteObject } from 'react-router-dom';
import { PendingSection } from './layout/PendingSection';

/** Menu sections whose screens are not built yet (paths relative to /admin). */
export const pendingAdminRoutes: RouteObject[] = [
  { path: 'checkouts/*', element: <PendingSection title="Заказы" /> },
  { path: 'newsPosts/*', element: <PendingSection title="Новости" /> },
  { path: 'banners/*', element: <PendingSection title="Баннеры" /> },
  { path: 'settings/subscribers', element: <PendingSection title="Подписчики" /> },
];
