import type { RouteObject } from 'react-router-dom';
import { WebhookFormPage } from './WebhookFormPage';
import { WebhooksListPage } from './WebhooksListPage';

/** Admin screens of webhooks, under Настройки (paths relative to /admin). */
export const webhooksAdminRoutes: RouteObject[] = [
  { path: 'settings/webhooks', element: <WebhooksListPage /> },
  { path: 'settings/webhooks/create-webhook', element: <WebhookFormPage key="new-webhook" /> },
  { path: 'settings/webhooks/:id', element: <WebhookFormPage /> },
];
