import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';

const CataloguePage = lazy(() => import('./CataloguePage'));
const ProductPage = lazy(() => import('./ProductPage'));

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center h="50vh">
          <Loader />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}

/** Storefront pages of the catalogue: /catalog, /product/{url} (children of the store layout, each its own chunk). */
export const catalogueStoreRoutes: RouteObject[] = [
  {
    path: 'catalog',
    element: (
      <Page>
        <CataloguePage />
      </Page>
    ),
  },
  {
    path: 'product/:url',
    element: (
      <Page>
        <ProductPage />
      </Page>
    ),
  },
];
