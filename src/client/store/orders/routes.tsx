import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../ui/lazy-page';

const CartPage = lazy(() => import('./CartPage'));
const CheckoutPage = lazy(() => import('./CheckoutPage'));
const OrderPlacedPage = lazy(() => import('./OrderPlacedPage'));
const OrderStatusPage = lazy(() => import('./OrderStatusPage'));

/** Storefront pages of orders: /cart, /checkout, the confirmation and an order's status by its link, each its own chunk. */
export const ordersStoreRoutes: RouteObject[] = [
  { path: 'cart', element: lazyPage(<CartPage />) },
  { path: 'checkout', element: lazyPage(<CheckoutPage />) },
  { path: 'checkout/success/:id', element: lazyPage(<OrderPlacedPage />) },
  { path: 'order/:token', element: lazyPage(<OrderStatusPage />) },
];
