import { Anchor, Button, Checkbox, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { StockItem } from '../../../shared/schemas/stock.js';
import { trpc } from '../../trpc';
import { ListFooter } from '../../ui/ListFooter';
import { toastSuccess } from '../../ui/toast';
import { usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { AdminTable } from '../ui/AdminTable';
import { productAdmin } from './entities';
import { StockFilters, useStockFilters } from './StockFilters';

const PAGE_SIZE = 50;

const dash = <Text c="dimmed">—</Text>;

/**
 * /admin/products/stock: every item (one size of one colour) with its article, barcode and stock;
 * filters and pages; the chosen rows get a number set as their stock or added to it, all at once
 * (a result below zero refuses the whole change and changes nothing).
 */
export function StockPage() {
  useTitle('Остатки');
  const paging = usePaging(PAGE_SIZE);
  const filters = useStockFilters();
  const onSearch = useDebouncedCallback((value: string) => paging.setFilter(value), 300);
  const utils = trpc.useUtils();
  const list = trpc.catalogue.stock.items.useQuery(
    { ...(paging.filter ? { name: paging.filter } : {}), ...filters.input, limit: paging.limit, offset: paging.offset },
    { placeholderData: keepPreviousData },
  );
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [quantity, setQuantity] = useState<number | string>(0);
  const change = trpc.catalogue.stock.change.useMutation({
    onSuccess: (answer) => {
      toastSuccess('Остатки обновлены', `Позиций: ${answer.items.length}`);
      setChosen(new Set());
      void utils.catalogue.stock.invalidate();
      void utils.catalogue.products.invalidate();
    },
  });
  const rows = list.data?.rows ?? [];
  const allChosen = rows.length > 0 && rows.every((row) => chosen.has(row.id));
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const row of rows) {
        if (on) next.add(row.id);
        else next.delete(row.id);
      }
      return next;
    });
  const valid = typeof quantity === 'number' && Number.isInteger(quantity);
  const apply = (mode: 'set' | 'add') => {
    if (typeof quantity === 'number') change.mutate({ itemIds: [...chosen], mode, quantity });
  };
  const label = (row: StockItem) => [row.productName, row.colorName, row.sizeName === null ? null : `размер ${row.sizeName}`].filter(Boolean).join(', ');

  return (
    <Stack>
      <Title order={2}>Остатки</Title>
      <TextInput
        placeholder="Поиск по названию товара"
        aria-label="Поиск по названию товара"
        leftSection={<IconSearch size={16} />}
        defaultValue={paging.filter}
        onChange={(event) => onSearch(event.currentTarget.value)}
        maw={360}
      />
      <StockFilters filters={filters} />
      <Paper withBorder p="sm" radius="md">
        <Group gap="sm" align="flex-end">
          <Text size="sm" mb={8} aria-live="polite">
            Выбрано: {chosen.size}
          </Text>
          <NumberInput
            label="Количество, шт."
            value={quantity}
            onChange={setQuantity}
            allowDecimal={false}
            clampBehavior="none"
            w={150}
            description="Для «Добавить» можно отрицательное"
          />
          <Button onClick={() => apply('set')} disabled={!chosen.size || !valid} loading={change.isPending && change.variables.mode === 'set'}>
            Установить
          </Button>
          <Button variant="light" onClick={() => apply('add')} disabled={!chosen.size || !valid} loading={change.isPending && change.variables.mode === 'add'}>
            Добавить
          </Button>
        </Group>
      </Paper>
      <AdminTable
        rows={rows}
        rowKey={(row) => row.id}
        minWidth={760}
        tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'xs' }}
        columns={[
          {
            ariaLabel: 'Выбор',
            width: 48,
            render: (row) => <Checkbox aria-label={`Выбрать: ${label(row)}`} checked={chosen.has(row.id)} onChange={(event) => toggle(row.id, event.currentTarget.checked)} />,
          },
          {
            label: 'Товар',
            render: (row) => (
              <Anchor component={Link} to={productAdmin.paths.item(row.productId)}>
                {row.productName}
              </Anchor>
            ),
          },
          { label: 'Цвет', render: (row) => row.colorName ?? dash },
          { label: 'Размер', width: 90, render: (row) => row.sizeName ?? dash },
          { label: 'Артикул', render: (row) => <Text ff="monospace" size="sm">{row.article}</Text> },
          { label: 'Штрихкод', render: (row) => (row.barcode ? <Text ff="monospace" size="sm">{row.barcode}</Text> : dash) },
          { label: 'Остаток', width: 90, render: (row) => <Text fw={600} c={row.stock === 0 ? 'red.8' : undefined}>{row.stock}</Text> },
        ]}
      />
      {rows.length > 0 && (
        <Checkbox label="Выбрать все на странице" checked={allChosen} onChange={(event) => toggleAll(event.currentTarget.checked)} />
      )}
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} />
    </Stack>
  );
}
