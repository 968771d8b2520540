import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../ui/lazy-page';

const ProfilePage = lazy(() => import('./ProfilePage'));
const ConfirmEmailPage = lazy(() => import('./ConfirmEmailPage'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));

/** Storefront pages of accounts: the profile, and the pages the confirmation and password-reset letters link to. */
export const accountsStoreRoutes: RouteObject[] = [
  { path: 'profile', element: lazyPage(<ProfilePage />) },
  { path: 'confirm/:token', element: lazyPage(<ConfirmEmailPage />) },
  { path: 'reset/:token', element: lazyPage(<ResetPasswordPage />) },
];
