import type { RouteObject } from 'react-router-dom';
import { ImageLibraryPage } from './ImageLibraryPage';

/** Admin screens of media: the image library (paths relative to /admin). */
export const mediaAdminRoutes: RouteObject[] = [{ path: 'images', element: <ImageLibraryPage /> }];
