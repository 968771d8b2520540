import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';

const CartPage = lazy(() => import('./CartPage'));
const WishlistPage = lazy(() => import('./WishlistPage'));
const CheckoutPage = lazy(() => import('./CheckoutPage'));
const OrderPlacedPage = lazy(() => import('./OrderPlacedPage'));

function lazyPage(page: ReactNode) {
  return (
    <Suspense
      fallback={
        <Center h="40vh">
          <Loader />
        </Center>
      }
    >
      {page}
    </Suspense>
  );
}

/** Storefront pages of orders (PRODUCT.md): /cart, /wishlist, /checkout and the confirmation, each its own chunk. */
export const orderStoreRoutes: RouteObject[] = [
  { path: 'cart', element: lazyPage(<CartPage />) },
  { path: 'wishlist', element: lazyPage(<WishlistPage />) },
  { path: 'checkout', element: lazyPage(<CheckoutPage />) },
  { path: 'checkout/success/:id', element: lazyPage(<OrderPlacedPage />) },
];
