import { useRoutes } from 'react-router-dom';
import { accountsAdminRoutes } from './accounts/routes';
import { catalogueAdminRoutes } from './catalogue/routes';
import { contentAdminRoutes } from './content/routes';
import { deliveryAdminRoutes } from './delivery/routes';
import { webhooksAdminRoutes } from './webhooks/routes';
import { dictionaryAdminRoutes } from './dictionaries/routes';
import { AdminLayout } from './layout/AdminLayout';
import { AdminLoginPage } from './accounts/AdminLoginPage';
import { mediaAdminRoutes } from './media/routes';
import { ordersAdminRoutes, ordersPrintRoutes } from './orders/routes';
import { reviewsAdminRoutes } from './reviews/routes';
import { settingsAdminRoutes } from './settings/routes';
import { inboxAdminRoutes } from './inbox/routes';
import { AdminNotFound } from './ui/AdminNotFound';

/** Everything under /admin, loaded as its own chunk so the storefront never downloads it. */
export default function AdminApp() {
  return useRoutes([
    { path: 'login', element: <AdminLoginPage /> },
    ...ordersPrintRoutes,
    {
      element: <AdminLayout />,
      children: [...ordersAdminRoutes, ...dictionaryAdminRoutes, ...catalogueAdminRoutes, ...accountsAdminRoutes, ...mediaAdminRoutes, ...contentAdminRoutes, ...reviewsAdminRoutes, ...webhooksAdminRoutes, ...deliveryAdminRoutes, ...settingsAdminRoutes, ...inboxAdminRoutes, { path: '*', element: <AdminNotFound /> }],
    },
  ]);
}
