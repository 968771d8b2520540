import { Group, Text } from '@mantine/core';
import type { usePaging } from './use-paging';
import { ShopPagination } from './ShopPagination';

interface ListFooterProps {
  paging: ReturnType<typeof usePaging>;
  /** The total length reported by the list call; undefined while loading. */
  total: number | undefined;
  loading: boolean;
  shownRows: number;
  emptyText?: string;
}

/** Under every paged list: «Ничего не найдено» when empty, the total, and the pages. */
export function ListFooter({ paging, total, loading, shownRows, emptyText = 'Ничего не найдено' }: ListFooterProps) {
  return (
    <>
      {!loading && shownRows === 0 && <Text c="dimmed">{emptyText}</Text>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Всего: {total ?? 0}
        </Text>
        <ShopPagination total={paging.pageCount(total ?? 0)} value={paging.page} onChange={paging.setPage} />
      </Group>
    </>
  );
}
