import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../trpc';
import { AdminListPage, type ListScreen } from '../ui/AdminListPage';
import { productsList } from './lists';
import { StockFilters, useStockFilters } from './StockFilters';
import type { AdminProductCard } from '../../../shared/schemas/stock.js';

/** /admin/products: the product list with its filters by category, brand, stock and low stock. */
export function ProductsListPage() {
  const filters = useStockFilters();
  const screen: ListScreen<AdminProductCard> = {
    ...productsList,
    toolbar: <StockFilters filters={filters} />,
    useList: (input) => trpc.catalogue.stock.products.useQuery({ ...input, ...filters.input }, { placeholderData: keepPreviousData }),
  };
  return <AdminListPage screen={screen} />;
}
