import { Anchor, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toastSuccess } from '../../ui/toast';
import { ListFooter } from '../../ui/ListFooter';
import { usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { AdminListHeader, AdminSearchInput } from './AdminListHeader';
import { AdminDeleteButton, AdminRows } from './AdminRows';
import { ignoreToasted } from './toasted';

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

  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <AdminListHeader title={screen.titles.list} create={{ to: screen.paths.create, label: screen.titles.create }} />
      <AdminSearchInput label="Поиск по названию" paging={paging} maw={360} />
      {screen.toolbar}
      <AdminRows
        rows={rows}
        rowKey={(row) => row.id}
        card={(row) => ({
          leading: screen.leading?.(row),
          title: (
            <Anchor component={Link} to={screen.paths.item(row.id)} fw={600}>
              {row.name}
            </Anchor>
          ),
          subtitle: `ID ${row.id}`,
          fields: screen.columns.map((column) => ({ label: column.label, value: column.render(row) })),
        })}
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
        ]}
        action={(row) => (
          <AdminDeleteButton
            name={row.name}
            question={`Удалить «${row.name}»?`}
            loading={deleting}
            onConfirm={() => void remove(row.id).then(() => toastSuccess(screen.deletedMessage)).catch(ignoreToasted)}
          />
        )}
      />
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} />
    </Stack>
  );
}
