import type { RouteObject } from 'react-router-dom';
import { AdminListPage } from '../ui/AdminListPage';
import { BrandFormPage } from './BrandFormPage';
import { CategoryFormPage } from './CategoryFormPage';
import { ColorFormPage } from './ColorFormPage';
import { ImportPage } from './ImportPage';
import { brandsList, categoriesList, colorsList } from './lists';
import { ProductFormPage } from './ProductFormPage';
import { ProductsListPage } from './ProductsListPage';
import { SizeChartFormPage } from './SizeChartFormPage';
import { SizeChartsPage } from './SizeChartsPage';
import { StockPage } from './StockPage';

/** Admin screens of the catalogue (paths relative to /admin). */
export const catalogueAdminRoutes: RouteObject[] = [
  { path: 'products', element: <ProductsListPage /> },
  { path: 'products/create-product', element: <ProductFormPage key="new-product" /> },
  { path: 'products/stock', element: <StockPage /> },
  { path: 'products/import', element: <ImportPage /> },
  { path: 'products/size-charts', element: <SizeChartsPage /> },
  { path: 'products/size-charts/create-size-chart', element: <SizeChartFormPage key="new-size-chart" /> },
  { path: 'products/size-charts/:id', element: <SizeChartFormPage /> },
  { path: 'products/:id', element: <ProductFormPage /> },
  { path: 'categories', element: <AdminListPage key="categories" screen={categoriesList} /> },
  { path: 'categories/create-category', element: <CategoryFormPage key="new-category" /> },
  { path: 'categories/:id', element: <CategoryFormPage /> },
  { path: 'colors', element: <AdminListPage key="colors" screen={colorsList} /> },
  { path: 'colors/create-color', element: <ColorFormPage key="new-color" /> },
  { path: 'colors/:id', element: <ColorFormPage /> },
  { path: 'brands', element: <AdminListPage key="brands" screen={brandsList} /> },
  { path: 'brands/create-brand', element: <BrandFormPage key="new-brand" /> },
  { path: 'brands/:id', element: <BrandFormPage /> },
];
