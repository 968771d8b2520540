import { Navigate, useRoutes } from 'react-router-dom';
import { accountsAdminRoutes } from './accounts/routes';
import { catalogueAdminRoutes } from './catalogue/routes';
import { dictionaryAdminRoutes } from './dictionaries/routes';
import { AdminLayout } from './layout/AdminLayout';
import { AdminLoginPage } from './login/AdminLoginPage';
import { mediaAdminRoutes } from './media/routes';
import { pendingAdminRoutes } from './pending';
import { reviewsAdminRoutes } from './reviews/routes';
import { AdminNotFound } from './ui/AdminNotFound';

/** Everything under /admin, loaded as its own chunk so the storefront never downloads it. */
export default function AdminApp() {
  return useRoutes([
    { path: 'login', element: <AdminLoginPage /> },
    {
      element: <AdminLayout />,
      children: [{ index: true, element: <Navigate to="products" replace /> }, ...dictionaryAdminRoutes, ...catalogueAdminRoutes, ...accountsAdminRoutes, ...mediaAdminRoutes, ...reviewsAdminRoutes, ...pendingAdminRoutes, { path: '*', element: <AdminNotFound /> }],
    },
  ]);
}
