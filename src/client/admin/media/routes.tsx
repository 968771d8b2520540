import type { RouteObject } from 'react-router-dom';

/** Admin screens of media: the image library (paths relative to /admin). */
export const mediaAdminRoutes: RouteObject[] = [];
