import { router } from '../../trpc.js';
import { brandsRouter } from './brands.js';
import { categoriesRouter } from './categories.js';
import { colorsRouter } from './colors.js';
import { discoveryRouter } from './discovery.js';
import { importsRouter } from './imports.js';
import { productsRouter } from './products.js';
import { searchRouter } from './search.js';
import { sizeChartsRouter } from './size-charts.js';
import { sizesRouter } from './sizes.js';
import { stockRouter } from './stock.js';
import { tagsRouter } from './tags.js';

export const catalogueRouter = router({
  categories: categoriesRouter,
  colors: colorsRouter,
  brands: brandsRouter,
  products: productsRouter,
  tags: tagsRouter,
  sizes: sizesRouter,
  sizeCharts: sizeChartsRouter,
  stock: stockRouter,
  imports: importsRouter,
  search: searchRouter,
  discovery: discoveryRouter,
});
