import { Anchor, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toastSuccess } from '../../ui/toast';
import { ListFooter } from '../../ui/ListFooter';
import { usePaging } from '../../ui/use-paging';
import { AdminRowCards } from './AdminRowCards';
import { useTitle } from '../../ui/use-title';
import { AdminTable } from '../ui/AdminTable';

export interface ListRow {
  id: number;
  name: string;
}

export interface ListColumn<Row> {
  label: string;
  width?: number;
  render: (row: Row) => ReactNode;
}

/** What a paged admin list needs, bound to one entity's procedures. */
export interface ListScreen<Row extends ListRow> {
  titles: { list: string; create: string };
  paths: { create: string; item: (id: number) => string };
  deletedMessage: string;
  /** Columns between the name and the delete button. */
  columns: Array<ListColumn<Row>>;
  /** A picture or swatch shown before the name. */
  leading?: (row: Row) => ReactNode;
  /** More filters, shown after the search by name. */
  toolbar?: ReactNode;
  useList: (input: { name?: string; limit: number; offset: number }) => {
    data: { rows: Row[]; length: number } | undefined;
    isLoading: boolean;
  };
  useDelete: () => { remove: (id: number) => Promise<unknown>; deleting: boolean };
}

const PAGE_SIZE = 10;

/** An admin list: page through items with limit and offset; open, create and delete an item. */
export function AdminListPage<Row extends ListRow>({ screen }: { screen: ListScreen<Row> }) {
  useTitle(screen.titles.list);
  const paging = usePaging(PAGE_SIZE);
  const list = screen.useList({ ...(paging.filter ? { name: paging.filter } : {}), limit: paging.limit, offset: paging.offset });
  const { remove, deleting } = screen.useDelete();
  const onSearch = useDebouncedCallback((value: string) => paging.setFilter(value), 300);

  const rows = list.data?.rows ?? [];
  const deleteButton = (row: Row) => (
    <ConfirmButton
      size="xs"
      loading={deleting}
      aria-label={`Удалить ${row.name}`}
      question={`Удалить «${row.name}»?`}
      onConfirm={() => void remove(row.id).then(() => toastSuccess(screen.deletedMessage))}
    >
      Удалить
    </ConfirmButton>
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{screen.titles.list}</Title>
        <Button component={Link} to={screen.paths.create} leftSection={<IconPlus size={16} />}>
          {screen.titles.create}
        </Button>
      </Group>
      <TextInput
        placeholder="Поиск по названию"
        aria-label="Поиск по названию"
        leftSection={<IconSearch size={16} />}
        defaultValue={paging.filter}
        onChange={(event) => onSearch(event.currentTarget.value)}
        maw={360}
      />
      {screen.toolbar}
      <AdminRowCards
        rows={rows.map((row) => ({
          key: row.id,
          leading: screen.leading?.(row),
          title: (
            <Anchor component={Link} to={screen.paths.item(row.id)} fw={600}>
              {row.name}
            </Anchor>
          ),
          subtitle: `ID ${row.id}`,
          fields: screen.columns.map((column) => ({ label: column.label, value: column.render(row) })),
          action: deleteButton(row),
        }))}
      />
      <AdminTable
        rows={rows}
        rowKey={(row) => row.id}
        minWidth={640}
        desktopOnly
        tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'xs' }}
        columns={[
          { label: 'ID', width: 70, render: (row) => row.id },
          {
            label: 'Название',
            render: (row) => (
              <Group gap="sm" wrap="nowrap">
                {screen.leading?.(row)}
                <Anchor component={Link} to={screen.paths.item(row.id)}>
                  {row.name}
                </Anchor>
              </Group>
            ),
          },
          ...screen.columns,
          { width: 110, render: deleteButton },
        ]}
      />
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} />
    </Stack>
  );
}
