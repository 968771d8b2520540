import type { RouteObject } from 'react-router-dom';
import { AdminModerationPage } from './AdminModerationPage';
import { AdminQuestionsPage } from './AdminQuestionsPage';
import { AdminReviewsPage } from './AdminReviewsPage';

/** Admin screens of reviews and questions (paths relative to /admin). */
export const reviewsAdminRoutes: RouteObject[] = [
  { path: 'reviews', element: <AdminReviewsPage /> },
  { path: 'questions', element: <AdminQuestionsPage /> },
  { path: 'moderation', element: <AdminModerationPage /> },
];
