import { Button, Group } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { trpc } from '../../trpc';
import { AdminListPage, type ListScreen } from '../ui/AdminListPage';
import { downloadCatalogueCsv } from './catalogue-files';
import { productsList } from './lists';
import { StockFilters, useStockFilters } from './StockFilters';
import type { AdminProductCard } from '../../../shared/schemas/stock.js';

/** /admin/products: the product list with its filters by category, brand, stock and low stock. */
export function ProductsListPage() {
  const filters = useStockFilters();
  const screen: ListScreen<AdminProductCard> = {
    ...productsList,
    toolbar: (
      <Group justify="space-between" align="flex-end">
        <StockFilters filters={filters} />
        <Group gap="sm">
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadCatalogueCsv()}>
            Выгрузить CSV
          </Button>
          <Button variant="default" component={Link} to="/admin/products/import" leftSection={<IconUpload size={16} />}>
            Загрузить CSV
          </Button>
        </Group>
      </Group>
    ),
    useList: (input) => trpc.catalogue.stock.products.useQuery({ ...input, ...filters.input }, { placeholderData: keepPreviousData }),
  };
  return <AdminListPage screen={screen} />;
}
