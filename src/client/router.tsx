import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useRoutes } from 'react-router-dom';
import { accountsStoreRoutes } from './store/accounts/routes';
import { catalogueStoreRoutes } from './store/catalogue/routes';
import { contentStoreRoutes } from './store/content/routes';
import { HomePage } from './store/home/HomePage';
import { ordersStoreRoutes } from './store/orders/routes';
import { StoreLayout } from './store/layout/StoreLayout';
import { stockAlertStoreRoutes } from './store/stock-alerts/routes';
import { NotFoundPage } from './store/NotFoundPage';

const AdminApp = lazy(() => import('./admin/AdminApp'));

const pageLoader = (
  <Center h="50vh">
    <Loader />
  </Center>
);

/**
 * The whole route table. Declarative routing (BrowserRouter + useRoutes) keeps the storefront's
 * initial JavaScript small; the admin is a separate chunk.
 */
export function AppRoutes() {
  return useRoutes([
    {
      path: '/',
      element: <StoreLayout />,
      children: [
        { index: true, element: <HomePage /> },
        ...catalogueStoreRoutes,
        ...accountsStoreRoutes,
        ...ordersStoreRoutes,
        ...contentStoreRoutes,
        ...stockAlertStoreRoutes,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
    {
      path: '/admin/*',
      element: (
        <Suspense fallback={pageLoader}>
          <AdminApp />
        </Suspense>
      ),
    },
  ]);
}
