import type { RouteObject } from 'react-router-dom';
import { PendingSection } from './layout/PendingSection';

/** Menu sections whose screens are not built yet (paths relative to /admin). */
export const pendingAdminRoutes: RouteObject[] = [
  { path: 'reviews/*', element: <PendingSection title="Отзывы" /> },
  { path: 'questions/*', element: <PendingSection title="Вопросы" /> },
];
