import { Group, Select, Stack, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { inboxKindLabels, inboxKinds, inboxStatuses, inboxStatusLabels, type InboxKind, type InboxStatus } from '../../../shared/schemas/moderation.js';
import { trpc } from '../../trpc';
import { ListFooter } from '../../ui/ListFooter';
import { usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { useQueryFilter } from '../reviews/filters';
import { InboxCard } from './InboxCard';

const PAGE_SIZE = 20;
const isStatus = (value: string): value is InboxStatus => (inboxStatuses as readonly string[]).includes(value);
const isKind = (value: string): value is InboxKind => (inboxKinds as readonly string[]).includes(value);

/** /admin/inbox: callback requests and help-desk messages, new first; filters by status and kind (in the query string). */
export function AdminInboxPage() {
  useTitle('Обращения');
  const paging = usePaging(PAGE_SIZE);
  const [status, setStatus] = useQueryFilter('status');
  const [kind, setKind] = useQueryFilter('kind');
  const utils = trpc.useUtils();
  const list = trpc.inbox.list.useQuery(
    { limit: paging.limit, offset: paging.offset, ...(isStatus(status) ? { status } : {}), ...(isKind(kind) ? { kind } : {}) },
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <Title order={2}>Обращения</Title>
      <Group gap="sm" align="flex-end">
        <Select
          label="Статус"
          data={[{ value: '', label: 'Все (новые первыми)' }, ...inboxStatuses.map((value) => ({ value, label: inboxStatusLabels[value] }))]}
          value={status}
          onChange={(value) => setStatus(value)}
          w={220}
        />
        <Select
          label="Вид"
          data={[{ value: '', label: 'Все' }, ...inboxKinds.map((value) => ({ value, label: inboxKindLabels[value] }))]}
          value={kind}
          onChange={(value) => setKind(value)}
          w={200}
        />
      </Group>
      {rows.map((item) => (
        <InboxCard
          key={`${item.kind}:${item.id}:${item.status}:${item.note}`}
          item={item}
          onSaved={() => {
            void utils.inbox.invalidate();
            void utils.adminCounts.invalidate();
          }}
        />
      ))}
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} emptyText="Обращений нет" />
    </Stack>
  );
}
