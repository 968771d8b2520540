import type { RouteObject } from 'react-router-dom';
import { AdminListPage } from '../ui/AdminListPage';
import { BannersPage } from './BannersPage';
import { LegalFormPage } from './LegalFormPage';
import { LegalPagesPage } from './LegalPagesPage';
import { newsList } from './lists';
import { NewsFormPage } from './NewsFormPage';
import { ScannerFormPage } from './ScannerFormPage';
import { ScannerListPage } from './ScannerListPage';
import { SubscribersPage } from './SubscribersPage';
import { UpdateBannerPage } from './UpdateBannerPage';

/** Admin screens of content (paths relative to /admin). */
export const contentAdminRoutes: RouteObject[] = [
  { path: 'banners', element: <BannersPage /> },
  { path: 'banners/update-banner', element: <UpdateBannerPage /> },
  { path: 'newsPosts', element: <AdminListPage key="news" screen={newsList} /> },
  { path: 'newsPosts/create-news', element: <NewsFormPage key="new-news" /> },
  { path: 'newsPosts/:id', element: <NewsFormPage /> },
  { path: 'settings/subscribers', element: <SubscribersPage /> },
  { path: 'scanner', element: <ScannerListPage /> },
  { path: 'scanner/create-scanner', element: <ScannerFormPage key="new-scanner" /> },
  { path: 'scanner/:id', element: <ScannerFormPage /> },
  { path: 'legal', element: <LegalPagesPage /> },
  { path: 'legal/:slug', element: <LegalFormPage key="legal" /> },
];
