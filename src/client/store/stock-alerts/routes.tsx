import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../ui/lazy-page';

const StockAlertConfirmPage = lazy(() => import('./StockAlertPages').then((module) => ({ default: module.StockAlertConfirmPage })));
const StockAlertCancelPage = lazy(() => import('./StockAlertPages').then((module) => ({ default: module.StockAlertCancelPage })));

/** The links of the alerts' letters: /alerts/confirm/{token} and /alerts/cancel/{mailId} (lazy chunks). */
export const stockAlertStoreRoutes: RouteObject[] = [
  { path: 'alerts/confirm/:token', element: lazyPage(<StockAlertConfirmPage />) },
  { path: 'alerts/cancel/:mailId', element: lazyPage(<StockAlertCancelPage />) },
];
