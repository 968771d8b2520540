import type { RouteObject } from 'react-router-dom';
import { SettingsPage } from './SettingsPage';
import { UserFormPage } from './UserFormPage';
import { UsersListPage } from './UsersListPage';

/** Admin screens of accounts: /admin/settings and its users (paths relative to /admin). */
export const accountsAdminRoutes: RouteObject[] = [
  { path: 'settings', element: <SettingsPage /> },
  { path: 'settings/users', element: <UsersListPage /> },
  { path: 'settings/users/create-user', element: <UserFormPage key="new-user" /> },
  { path: 'settings/users/:id', element: <UserFormPage /> },
];
