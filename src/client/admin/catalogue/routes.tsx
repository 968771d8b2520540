import type { RouteObject } from 'react-router-dom';

/** Admin screens of the catalogue (paths relative to /admin). */
export const catalogueAdminRoutes: RouteObject[] = [];
