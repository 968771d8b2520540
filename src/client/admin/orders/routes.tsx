import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { CheckoutDetailPage } from './CheckoutDetailPage';
import { CheckoutsListPage } from './CheckoutsListPage';
import { CreateCheckoutPage } from './CreateCheckoutPage';
import { CheckoutPrintPage } from './CheckoutPrintPage';

// The dashboard brings the charts library: its own chunk, loaded only when /admin is opened.
const DashboardPage = lazy(() => import('./DashboardPage'));

/** Admin screens of orders (paths relative to /admin): the dashboard and /admin/checkouts. */
export const ordersAdminRoutes: RouteObject[] = [
  {
    index: true,
    element: (
      <Suspense fallback={<Loader />}>
        <DashboardPage />
      </Suspense>
    ),
  },
  { path: 'checkouts', element: <CheckoutsListPage /> },
  { path: 'checkouts/create-checkout', element: <CreateCheckoutPage key="new-checkout" /> },
  { path: 'checkouts/:id', element: <CheckoutDetailPage /> },
];

/** Pages outside the admin layout (no menu or header): the order's printable slip. */
export const ordersPrintRoutes: RouteObject[] = [{ path: 'checkouts/:id/print', element: <CheckoutPrintPage /> }];
