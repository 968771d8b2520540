import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../ui/lazy-page';

const CartPage = lazy(() => import('./CartPage'));
const CheckoutPage = lazy(() => import('./CheckoutPage'));
const OrderPlacedPage = lazy(() => import('./OrderPlacedPage'));

/** Storefront pages of orders: /cart, /checkout and the confirmation, each its own chunk. */
export const ordersStoreRoutes: RouteObject[] = [
  { path: 'cart', element: lazyPage(<CartPage />) },
  { path: 'checkout', element: lazyPage(<CheckoutPage />) },
  { path: 'checkout/success/:id', element: lazyPage(<OrderPlacedPage />) },
];
