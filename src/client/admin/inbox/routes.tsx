import type { RouteObject } from 'react-router-dom';
import { AdminInboxPage } from './AdminInboxPage';

/** The staff's inbox of callback requests and help-desk messages (paths relative to /admin). */
export const inboxAdminRoutes: RouteObject[] = [{ path: 'inbox', element: <AdminInboxPage /> }];
