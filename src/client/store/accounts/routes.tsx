import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';

const ProfilePage = lazy(() => import('./ProfilePage'));
const ConfirmEmailPage = lazy(() => import('./ConfirmEmailPage'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));

function lazyPage(page: ReactNode) {
  return (
    <Suspense
      fallback={
        <Center h="40vh">
          <Loader />
        </Center>
      }
    >
      {page}
    </Suspense>
  );
}

/** Storefront pages of accounts (PRODUCT.md): /profile, /confirm/{token}, /reset/{token}. */
export const accountStoreRoutes: RouteObject[] = [
  { path: 'profile', element: lazyPage(<ProfilePage />) },
  { path: 'confirm/:token', element: lazyPage(<ConfirmEmailPage />) },
  { path: 'reset/:token', element: lazyPage(<ResetPasswordPage />) },
];
