import type { RouteObject } from 'react-router-dom';

/** Admin screens of accounts: /admin/settings and its users (paths relative to /admin). */
export const accountsAdminRoutes: RouteObject[] = [];
