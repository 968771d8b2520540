import { Anchor, Button, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toastSuccess } from '../../ui/toast';
import { usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import type { DictionaryAdmin } from './types';

const PAGE_SIZE = 10;

export function DictionaryListPage({ admin }: { admin: DictionaryAdmin }) {
  useTitle(admin.titles.list);
  const paging = usePaging(PAGE_SIZE);
  const list = admin.useList({ ...(paging.filter ? { name: paging.filter } : {}), limit: paging.limit, offset: paging.offset });
  const { remove, deleting } = admin.useDelete();
  const onSearch = useDebouncedCallback((value: string) => paging.setFilter(value), 300);

  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{admin.titles.list}</Title>
        <Button component={Link} to={admin.paths.create} leftSection={<IconPlus size={16} />}>
          {admin.titles.create}
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
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>ID</Table.Th>
              <Table.Th>Название</Table.Th>
              <Table.Th>URL</Table.Th>
              <Table.Th w={120} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={admin.paths.item(row.id)}>
                    {row.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.url}</Table.Td>
                <Table.Td>
                  <ConfirmButton
                    size="xs"
                    loading={deleting}
                    aria-label={`Удалить ${row.name}`}
                    question={`Удалить «${row.name}»?`}
                    onConfirm={() => void remove(row.id).then(() => toastSuccess(admin.messages.deleted))}
                  >
                    Удалить
                  </ConfirmButton>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!list.isLoading && rows.length === 0 && <Text c="dimmed">Ничего не найдено</Text>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Всего: {list.data?.length ?? 0}
        </Text>
        <Pagination total={paging.pageCount(list.data?.length ?? 0)} value={paging.page} onChange={paging.setPage} />
      </Group>
    </Stack>
  );
}
