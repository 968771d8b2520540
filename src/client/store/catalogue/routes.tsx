import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../ui/lazy-page';

const CataloguePage = lazy(() => import('./CataloguePage'));
const ProductPage = lazy(() => import('./ProductPage'));
const WishlistPage = lazy(() => import('./WishlistPage'));

/**
 * Storefront pages that show products: /catalog, /product/{url} and /wishlist (the shopper's
 * favourites as catalogue cards). Children of the store layout, each its own chunk.
 */
export const catalogueStoreRoutes: RouteObject[] = [
  { path: 'catalog', element: lazyPage(<CataloguePage />, '50vh') },
  { path: 'product/:url', element: lazyPage(<ProductPage />, '50vh') },
  { path: 'wishlist', element: lazyPage(<WishlistPage />) },
];
