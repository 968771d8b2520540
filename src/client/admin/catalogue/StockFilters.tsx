import { Checkbox, Group, Select } from '@mantine/core';
import { lowStockLimit } from '../../../shared/schemas/stock.js';
import { useListParams } from '../../ui/use-paging';
import { useBrandOptions, useCategories } from './dropdowns';

/** The stock filters of the admin product list and the stock screen, kept in the query string. */
export function useStockFilters() {
  const [params, setParam] = useListParams();
  const category = params.get('category') ?? '';
  const brand = params.get('brand') ?? '';
  const stock = params.get('stock') ?? '';
  const low = params.get('low') === 'true';
  return {
    values: { category, brand, stock, low },
    setParam,
    /** The list input: only the filters that are set. */
    input: {
      ...(category ? { categories: [category] } : {}),
      ...(brand ? { brands: [brand] } : {}),
      ...(stock ? { inStock: stock === 'in' } : {}),
      ...(low ? { lowStock: true } : {}),
    },
  };
}

export function StockFilters({ filters }: { filters: ReturnType<typeof useStockFilters> }) {
  const categories = useCategories();
  const brands = useBrandOptions();
  const { values, setParam } = filters;
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label="Категория"
        placeholder="Все категории"
        data={categories.options.map((option) => ({ value: String(option.value), label: option.label }))}
        value={values.category || null}
        onChange={(value) => setParam('category', value ?? undefined)}
        searchable
        clearable
        nothingFoundMessage="Категорий не найдено"
        w={240}
      />
      <Select
        label="Бренд"
        placeholder="Все бренды"
        data={brands.map((option) => ({ value: String(option.value), label: option.label }))}
        value={values.brand || null}
        onChange={(value) => setParam('brand', value ?? undefined)}
        searchable
        clearable
        nothingFoundMessage="Брендов не найдено"
        w={200}
      />
      <Select
        label="Наличие"
        data={[
          { value: '', label: 'Все' },
          { value: 'in', label: 'В наличии' },
          { value: 'out', label: 'Нет в наличии' },
        ]}
        value={values.stock}
        onChange={(value) => setParam('stock', value || undefined)}
        allowDeselect={false}
        w={160}
      />
      <Checkbox
        label={`Мало на складе (≤ ${lowStockLimit} шт.)`}
        checked={values.low}
        onChange={(event) => setParam('low', event.currentTarget.checked ? 'true' : undefined)}
        mb={8}
      />
    </Group>
  );
}
