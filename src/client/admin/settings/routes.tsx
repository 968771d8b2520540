import type { RouteObject } from 'react-router-dom';
import { AuditLogPage } from './AuditLogPage';
import { ShopSettingsPage } from './ShopSettingsPage';

/** Admin screens of the shop's settings (paths relative to /admin). */
export const settingsAdminRoutes: RouteObject[] = [
  { path: 'settings/shop', element: <ShopSettingsPage /> },
  { path: 'settings/audit', element: <AuditLogPage /> },
];
