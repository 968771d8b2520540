import type { RouteObject } from 'react-router-dom';

/** Storefront pages of the catalogue: /catalog, /product/{url} (children of the store layout). */
export const catalogueStoreRoutes: RouteObject[] = [];
