import { Badge, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ShopPagination } from '../../ui/ShopPagination';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { AdminTable } from '../ui/AdminTable';
import { ignoreToasted } from '../ui/toasted';

const PAGE_SIZE = 20;

/** «subscribers-2026-11-23.json»: the export is named by today's date, so downloads sort by day. */
export function exportFileName(now = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `subscribers-${day}.json`;
}

/** /admin/settings/subscribers: the mailing list, filtered by address and state, and its export. */
export function SubscribersPage() {
  useTitle('Подписчики');
  const [search, setSearch] = useState('');
  const [email] = useDebouncedValue(search.trim(), 300);
  const [state, setState] = useState<'all' | 'confirmed' | 'pending'>('all');
  const [page, setPage] = useState(1);
  const utils = trpc.useUtils();
  const list = trpc.content.subscribers.list.useQuery({
    ...(email ? { email } : {}),
    ...(state === 'all' ? {} : { confirmed: state === 'confirmed' }),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const remove = trpc.content.subscribers.unsubscribe.useMutation({ onSuccess: () => utils.content.subscribers.invalidate() });
  const [exporting, setExporting] = useState(false);

  const download = async () => {
    setExporting(true);
    try {
      const rows = await utils.content.subscribers.export.fetch({});
      const url = URL.createObjectURL(new Blob([JSON.stringify(rows, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName();
      link.click();
      URL.revokeObjectURL(url);
      toastSuccess('Список подписчиков выгружен', `${rows.length} адресов`);
    } finally {
      setExporting(false);
    }
  };

  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Подписчики</Title>
        <Button leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void download()}>
          Выгрузить в JSON
        </Button>
      </Group>
      <Group>
        <TextInput
          aria-label="Поиск по e-mail"
          placeholder="Поиск по e-mail"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <SegmentedControl
          aria-label="Состояние подписки"
          value={state}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'Все' },
            { value: 'confirmed', label: 'Подтверждённые' },
            { value: 'pending', label: 'Ждут подтверждения' },
          ]}
        />
      </Group>
      <AdminTable
        rows={rows}
        rowKey={(row) => row.id}
        minWidth={560}
        tableProps={{ striped: true }}
        columns={[
          { label: 'E-mail', render: (row) => row.email },
          { label: 'Состояние', render: (row) => (row.confirmed ? <Badge color="green">Подтверждён</Badge> : <Badge color="gray">Ждёт подтверждения</Badge>) },
          { label: 'Подписан', render: (row) => (row.confirmedAt ?? row.createdAt).toLocaleDateString('ru-RU') },
          {
            ariaLabel: 'Действия',
            render: (row) => (
              <ConfirmButton
                size="xs"
                aria-label={`Удалить ${row.email}`}
                question={`Удалить ${row.email} из рассылки?`}
                loading={remove.isPending}
                onConfirm={() => void remove.mutateAsync({ mailId: row.mailId }).then(() => toastSuccess('Подписчик удалён')).catch(ignoreToasted)}
              >
                Удалить
              </ConfirmButton>
            ),
          },
        ]}
      />
      {list.data && !rows.length && <Text c="dimmed">Подписчиков не найдено.</Text>}
      {(list.data?.length ?? 0) > PAGE_SIZE && <ShopPagination total={Math.ceil((list.data?.length ?? 0) / PAGE_SIZE)} value={page} onChange={setPage} />}
    </Stack>
  );
}
