import type { RouteObject } from 'react-router-dom';

/** Storefront pages of accounts: /profile, /confirm/{token}, /reset/{token}. */
export const accountStoreRoutes: RouteObject[] = [];
