import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ListFooter } from '../../ui/ListFooter';
import { toastSuccess } from '../../ui/toast';
import { usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { AdminTable } from '../ui/AdminTable';
import { sizeChartAdmin } from './size-chart-admin';

const PAGE_SIZE = 20;

/** /admin/products/size-charts: each category's size chart; open, create, delete. */
export function SizeChartsPage() {
  useTitle('Таблицы размеров');
  const paging = usePaging(PAGE_SIZE);
  const utils = trpc.useUtils();
  const list = trpc.catalogue.sizeCharts.list.useQuery({ limit: paging.limit, offset: paging.offset });
  const remove = trpc.catalogue.sizeCharts.delete.useMutation({
    onSuccess: () => {
      toastSuccess(sizeChartAdmin.messages.deleted);
      void utils.catalogue.sizeCharts.invalidate();
    },
  });
  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Таблицы размеров</Title>
        <Button component={Link} to={sizeChartAdmin.paths.create} leftSection={<IconPlus size={16} />}>
          Новая таблица
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Таблица категории показывается у её товаров и у товаров её подкатегорий, если у подкатегории нет своей.
      </Text>
      <AdminTable
        rows={rows}
        rowKey={(row) => row.id}
        minWidth={560}
        tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'xs' }}
        columns={[
          {
            label: 'Заголовок',
            render: (row) => (
              <Anchor component={Link} to={sizeChartAdmin.paths.item(row.id)}>
                {row.title}
              </Anchor>
            ),
          },
          { label: 'Категория', render: (row) => row.categoryName },
          { label: 'Размер таблицы', width: 150, render: (row) => `${row.rows.length} × ${row.columns.length}` },
          {
            ariaLabel: 'Удаление',
            width: 110,
            render: (row) => (
              <ConfirmButton size="xs" loading={remove.isPending} aria-label={`Удалить ${row.title}`} question={`Удалить «${row.title}»?`} onConfirm={() => remove.mutate({ sizeChartId: row.id })}>
                Удалить
              </ConfirmButton>
            ),
          },
        ]}
      />
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} />
    </Stack>
  );
}
