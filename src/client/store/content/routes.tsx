import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../ui/lazy-page';

const NewsListPage = lazy(() => import('./NewsListPage'));
const NewsPostPage = lazy(() => import('./NewsPostPage'));
const CheckPage = lazy(() => import('./CheckPage'));
const LegalPage = lazy(() => import('./LegalPage'));
const SubscribeConfirmPage = lazy(() => import('./SubscriptionPages').then((module) => ({ default: module.SubscribeConfirmPage })));
const UnsubscribePage = lazy(() => import('./SubscriptionPages').then((module) => ({ default: module.UnsubscribePage })));

/** Storefront pages of content: /news, /news/{url}, /check/{code}, the subscription links and the legal pages (lazy chunks). */
export const contentStoreRoutes: RouteObject[] = [
  { path: 'news', element: lazyPage(<NewsListPage />) },
  { path: 'news/:url', element: lazyPage(<NewsPostPage />) },
  { path: 'check/:code', element: lazyPage(<CheckPage />) },
  { path: 'subscribe/confirm/:token', element: lazyPage(<SubscribeConfirmPage />) },
  { path: 'unsubscribe/:mailId', element: lazyPage(<UnsubscribePage />) },
  // /privacy, /offer, /delivery, /returns; any other one-segment path is the not-found page (LegalPage checks).
  { path: ':legal', element: lazyPage(<LegalPage />) },
];
